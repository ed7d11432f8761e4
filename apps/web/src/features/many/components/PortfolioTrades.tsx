import { useState } from 'react';
import type { PortfolioResult } from '@app/contract';
import { Button, Card, CardHeader, cx } from '../../../components/index.ts';
import { TRADE_COLUMNS } from '../../../lib/backtestFormat.ts';
import { MANY_TEXT } from '../texts.ts';

/** Rows shown at first and added by "Show more" (a market-wide run can close thousands of trades). */
const STEP = 200;

/** Every closed trade of the portfolio with its symbol first, then the Backtest screen's columns. */
export function PortfolioTrades({ trades, actions }: { trades: PortfolioResult['trades']; actions?: React.ReactNode }) {
  const [shown, setShown] = useState(STEP);
  return (
    <Card>
      <CardHeader title={MANY_TEXT.tradesTitle} subtitle={trades.length ? `${trades.length.toLocaleString('en-US')} closed` : undefined} actions={actions} />
      {trades.length === 0 ? (
        <p className="p-6 text-center text-sm text-slate-500 dark:text-slate-400">{MANY_TEXT.noTrades}</p>
      ) : (
        <>
          <div className="max-h-[32rem] overflow-auto">
            <table className="w-full text-sm" aria-label={MANY_TEXT.tradesTitle}>
              <thead className="sticky top-0 z-10 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:bg-slate-800 dark:text-slate-400">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left whitespace-nowrap">Symbol</th>
                  {TRADE_COLUMNS.map((c) => (
                    <th key={c.key} scope="col" className={cx('px-3 py-2 whitespace-nowrap', c.numeric ? 'text-right' : 'text-left')}>
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {trades.slice(0, shown).map((t, i) => (
                  <tr key={i} data-testid="trade-row" className="hover:bg-slate-50 dark:hover:bg-slate-800/50">
                    <th scope="row" className="px-3 py-1.5 text-left font-semibold whitespace-nowrap">{t.Symbol}</th>
                    {TRADE_COLUMNS.map((c) => (
                      <td
                        key={c.key}
                        className={cx(
                          'px-3 py-1.5 whitespace-nowrap tabular-nums',
                          c.numeric ? 'text-right' : 'text-left',
                          (c.key === 'PnL' || c.key === 'ReturnPct') && (t.PnL >= 0 ? 'text-up' : 'text-down'),
                        )}
                      >
                        {c.show(t)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {trades.length > shown && (
            <div className="flex justify-center border-t border-slate-200 p-3 dark:border-slate-800">
              <Button size="sm" variant="secondary" onClick={() => setShown((n) => n + STEP)}>
                Show more ({(trades.length - shown).toLocaleString('en-US')} left)
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
