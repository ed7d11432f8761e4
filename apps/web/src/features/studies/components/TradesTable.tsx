import { Fragment } from 'react';
import type { BacktestTrade } from '@app/contract';
import { Card, CardHeader, TradeWhy, cx, useOpenRows } from '../../../components/index.ts';
import { EXIT_REASON_TEXT, formatDuration, money, percent, tradeColumns, tradeSide } from '../format.ts';
import { STUDIES_ERRORS, STUDIES_TEXT } from '../texts.ts';

const pnlTone = (t: BacktestTrade) => (t.PnL >= 0 ? 'text-up' : 'text-down');

/** One row per closed trade, in the spec's Trade fields and why it ended; 'No trades to display.' when
 *  none. A phone (below 640 px) gets three columns that fit its width (entry and exit, each a date over
 *  a price, and P&L over the return); a tap on a row's ⌄ shows the rest. */
export function TradesTable({ trades, actions }: { trades: BacktestTrade[]; actions?: React.ReactNode }) {
  return (
    <Card>
      <CardHeader title={STUDIES_TEXT.tradesTitle} subtitle={trades.length ? `${trades.length} closed` : undefined} actions={actions} />
      {trades.length === 0 ? (
        <p className="p-6 text-center text-sm text-slate-500 dark:text-slate-400">{STUDIES_ERRORS.noTradesToDisplay}</p>
      ) : (
        <>
          <WideTable trades={trades} />
          <PhoneTable trades={trades} />
        </>
      )}
    </Card>
  );
}

function WideTable({ trades }: { trades: BacktestTrade[] }) {
  const columns = tradeColumns(trades);
  const explained = trades.some((t) => t.Why);
  const [open, toggle] = useOpenRows<number>();
  return (
    <div className="hidden max-h-[32rem] overflow-auto sm:block">
      <table className="w-full text-sm" aria-label={STUDIES_TEXT.tradesTitle}>
        <thead className="sticky top-0 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:bg-slate-800 dark:text-slate-400">
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={cx('px-3 py-2 whitespace-nowrap', c.numeric ? 'text-right' : 'text-left')}>
                {c.label}
              </th>
            ))}
            {explained && <th scope="col" className="px-3 py-2 text-left">{STUDIES_TEXT.why}</th>}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {trades.map((t, i) => (
            <Fragment key={i}>
              <tr data-testid="trade-row" className="hover:bg-slate-50 dark:hover:bg-slate-800/50">
                {columns.map((c) => (
                  <td
                    key={c.key}
                    className={cx('px-3 py-1.5 whitespace-nowrap tabular-nums', c.numeric ? 'text-right' : 'text-left', (c.key === 'PnL' || c.key === 'ReturnPct') && pnlTone(t))}
                  >
                    {c.show(t)}
                  </td>
                ))}
                {explained && (
                  <td className="px-3 py-1.5">
                    {t.Why && (
                      <button
                        type="button"
                        onClick={() => toggle(i)}
                        aria-expanded={open.has(i)}
                        aria-label={STUDIES_TEXT.whyToggle(i + 1)}
                        className="rounded px-1.5 text-blue-700 underline dark:text-blue-300"
                      >
                        {STUDIES_TEXT.why}
                      </button>
                    )}
                  </td>
                )}
              </tr>
              {open.has(i) && (
                <tr data-testid="trade-details" className="bg-slate-50 dark:bg-slate-800/50">
                  <td colSpan={columns.length + 1} className="px-3 py-2">
                    <TradeWhy trade={t} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PhoneTable({ trades }: { trades: BacktestTrade[] }) {
  const [open, toggle] = useOpenRows<number>();
  return (
    <div className="max-h-[32rem] overflow-y-auto sm:hidden">
      <table className="w-full text-sm" aria-label={STUDIES_TEXT.tradesTitle}>
        <thead className="sticky top-0 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:bg-slate-800 dark:text-slate-400">
          <tr>
            <th scope="col" className="px-3 py-2 text-left">{STUDIES_TEXT.entry}</th>
            <th scope="col" className="px-3 py-2 text-left">{STUDIES_TEXT.exit}</th>
            <th scope="col" className="px-3 py-2 text-right">{STUDIES_TEXT.pnl}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {trades.map((t, i) => (
            <Fragment key={i}>
              <tr data-testid="trade-card" className="align-top tabular-nums">
                <td className="px-3 py-1.5">
                  <div>{t.EntryTime}{t.Size < 0 && <span className="ml-1 text-xs font-medium text-violet-600 dark:text-violet-400">Short</span>}</div>
                  <div className="text-slate-500 dark:text-slate-400">{money(t.EntryPrice)}</div>
                </td>
                <td className="px-3 py-1.5">
                  <div>{t.ExitTime}</div>
                  <div className="text-slate-500 dark:text-slate-400">{money(t.ExitPrice)}</div>
                </td>
                <td className={cx('py-1.5 pr-1 pl-3 text-right whitespace-nowrap', pnlTone(t))}>
                  <div className="flex items-start justify-end gap-1">
                    <div>
                      <div>{money(t.PnL)}</div>
                      <div>{percent(t.ReturnPct)}</div>
                    </div>
                    <button
                      type="button"
                      onClick={() => toggle(i)}
                      aria-expanded={open.has(i)}
                      aria-label={STUDIES_TEXT.tradeDetails(i + 1)}
                      className="rounded px-1.5 text-slate-500 dark:text-slate-400"
                    >
                      <span aria-hidden="true" className={cx('inline-block transition-transform', open.has(i) && 'rotate-180')}>⌄</span>
                    </button>
                  </div>
                </td>
              </tr>
              {open.has(i) && (
                <tr data-testid="trade-details" className="bg-slate-50 dark:bg-slate-800/50">
                  <td colSpan={3} className="px-3 py-2">
                    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
                      <dt className="text-slate-500 dark:text-slate-400">Side</dt>
                      <dd>{tradeSide(t)}</dd>
                      <dt className="text-slate-500 dark:text-slate-400">Size</dt>
                      <dd className="tabular-nums">{t.Size}</dd>
                      <dt className="text-slate-500 dark:text-slate-400">Bars</dt>
                      <dd className="tabular-nums">{t.EntryBar} → {t.ExitBar}</dd>
                      <dt className="text-slate-500 dark:text-slate-400">Duration</dt>
                      <dd>{formatDuration(t.Duration)}</dd>
                      <dt className="text-slate-500 dark:text-slate-400">Exit</dt>
                      <dd>{EXIT_REASON_TEXT[t.ExitReason] ?? t.ExitReason}</dd>
                    </dl>
                    <div className="mt-1.5">
                      <TradeWhy trade={t} />
                    </div>
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
