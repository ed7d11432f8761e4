import { Link } from 'react-router';
import { MARKET_DATA_PATH, useMarketStatus } from '../lib/marketStatus.ts';
import { cx } from './cx.ts';
import { DEMO_MARKET_TEXT, MARKET_DATA_LINK } from './marketDataText.ts';

/** Why a ticker is missing on the demo market, with the way to the Market data page. Renders nothing
 *  on an imported market (there a missing ticker is simply not listed). */
export function DemoMarketNote({ symbol, className }: { symbol: string; className?: string }) {
  const status = useMarketStatus();
  if (!status.data?.demo) return null;
  return (
    <p className={cx('text-sm text-slate-700 dark:text-slate-300', className)} data-testid="demo-market-note">
      {DEMO_MARKET_TEXT.notInDemo(symbol)} {DEMO_MARKET_TEXT.howTo}{' '}
      <Link to={MARKET_DATA_PATH} className="font-medium text-blue-700 underline dark:text-blue-300">
        {MARKET_DATA_LINK}
      </Link>
    </p>
  );
}
