import { Link } from 'react-router';
import { MARKET_DATA_PATH, useMarketStatus } from '../lib/marketStatus.ts';
import { cx } from './cx.ts';
import { DEMO_MARKET_TEXT, MARKET_DATA_LINK } from './marketDataText.ts';

/** Why a ticker is missing on the demo market, with the way to the Market data page and (with
 *  `chartLinks`) charts of its most traded listings. Renders nothing on an imported market (there a
 *  missing ticker is simply not listed). */
export function DemoMarketNote({ symbol, chartLinks, className }: { symbol: string; chartLinks?: boolean; className?: string }) {
  const status = useMarketStatus();
  if (!status.data?.demo) return null;
  return (
    <p className={cx('text-sm text-slate-700 dark:text-slate-300', className)} data-testid="demo-market-note">
      {DEMO_MARKET_TEXT.notInDemo(symbol)} {DEMO_MARKET_TEXT.howTo}{' '}
      <Link to={MARKET_DATA_PATH} className="font-medium text-blue-700 underline dark:text-blue-300">
        {MARKET_DATA_LINK}
      </Link>
      {chartLinks && status.data.most_traded.length > 0 && (
        <>
          {'. '}
          {DEMO_MARKET_TEXT.tryThese}{' '}
          {status.data.most_traded.map((s, i) => (
            <span key={s}>
              {i > 0 && ', '}
              <Link to={`/chart/${encodeURIComponent(s)}`} className="font-mono font-semibold text-blue-700 underline dark:text-blue-300">
                {s}
              </Link>
            </span>
          ))}
        </>
      )}
    </p>
  );
}
