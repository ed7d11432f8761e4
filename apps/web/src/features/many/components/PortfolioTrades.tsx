import { useState } from 'react';
import type { PortfolioResult } from '@app/contract';
import { Button, Card, CardHeader, KeyColumnsTable, TRADE_WHY_TEXT, TradeWhyToggle, type KeyColumn } from '../../../components/index.ts';
import { TRADE_COLUMNS } from '../../../lib/backtestFormat.ts';
import { MANY_TEXT } from '../texts.ts';

/** Rows shown at first and added by "Show more" (a market-wide run can close thousands of trades). */
const STEP = 200;
/** What a phone keeps in the row: the symbol, when it closed, and what it made (the rest in the details). */
const ON_PHONE = new Set<string>(['ExitTime', 'PnL', 'ReturnPct']);

type Trade = PortfolioResult['trades'][number];
const columns: KeyColumn<Trade & { at: number }>[] = [
  { key: 'Symbol', label: 'Symbol', phone: true, rowHeader: true, cell: (t) => t.Symbol },
  ...TRADE_COLUMNS.map(
    (c): KeyColumn<Trade & { at: number }> => ({
      key: c.key,
      label: c.label,
      phone: ON_PHONE.has(c.key),
      align: c.numeric ? 'right' : 'left',
      headerClassName: 'whitespace-nowrap',
      className: (t) => `whitespace-nowrap ${c.key === 'PnL' || c.key === 'ReturnPct' ? (t.PnL >= 0 ? 'text-up' : 'text-down') : ''}`,
      cell: (t) => c.show(t),
    }),
  ),
  { key: 'Why', label: TRADE_WHY_TEXT.why, cell: (t) => <TradeWhyToggle trade={t} /> },
];

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
            <KeyColumnsTable
              rows={trades.slice(0, shown).map((t, at) => ({ ...t, at }))}
              columns={columns}
              rowKey={(t) => String(t.at)}
              detailsLabel={(t) => `Details of the ${t.Symbol} trade closed ${t.ExitTime}`}
              label={MANY_TEXT.tradesTitle}
              headClassName="sticky top-0 z-20"
              rowProps={() => ({ 'data-testid': 'trade-row' })}
            />
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
