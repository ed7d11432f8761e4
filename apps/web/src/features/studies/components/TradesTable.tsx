import type { BacktestTrade } from '@app/contract';
import { Card, CardHeader, cx } from '../../../components/index.ts';
import { TRADE_COLUMNS } from '../format.ts';
import { STUDIES_ERRORS, STUDIES_TEXT } from '../texts.ts';

/** One row per closed trade, in the spec's Trade fields; 'No trades to display.' when none. */
export function TradesTable({ trades, actions }: { trades: BacktestTrade[]; actions?: React.ReactNode }) {
  return (
    <Card>
      <CardHeader title={STUDIES_TEXT.tradesTitle} subtitle={trades.length ? `${trades.length} closed` : undefined} actions={actions} />
      {trades.length === 0 ? (
        <p className="p-6 text-center text-sm text-slate-500 dark:text-slate-400">{STUDIES_ERRORS.noTradesToDisplay}</p>
      ) : (
        <div className="max-h-[32rem] overflow-auto">
          <table className="w-full text-sm" aria-label={STUDIES_TEXT.tradesTitle}>
            <thead className="sticky top-0 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:bg-slate-800 dark:text-slate-400">
              <tr>
                {TRADE_COLUMNS.map((c) => (
                  <th key={c.key} scope="col" className={cx('px-3 py-2 whitespace-nowrap', c.numeric ? 'text-right' : 'text-left')}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {trades.map((t, i) => (
                <tr key={i} data-testid="trade-row" className="hover:bg-slate-50 dark:hover:bg-slate-800/50">
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
      )}
    </Card>
  );
}
