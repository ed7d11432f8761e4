import type { BacktestTrade } from '@app/contract';

export const TRADE_WHY_TEXT = {
  why: 'Why',
  opened: 'Opened',
  closed: 'Closed',
};

/** Why a trade opened and closed, in the engine's words with the numbers on its signal bar or the
 *  level that closed it (a details line of the Backtest and portfolio trades tables). */
export function TradeWhy({ trade }: { trade: Pick<BacktestTrade, 'Why'> }) {
  if (!trade.Why) return null;
  return (
    <dl data-testid="trade-why" className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs whitespace-normal">
      <dt className="font-medium text-slate-600 dark:text-slate-300">{TRADE_WHY_TEXT.opened}</dt>
      <dd data-testid="trade-why-entry">{trade.Why.entry}</dd>
      <dt className="font-medium text-slate-600 dark:text-slate-300">{TRADE_WHY_TEXT.closed}</dt>
      <dd data-testid="trade-why-exit">{trade.Why.exit}</dd>
    </dl>
  );
}

/** The same behind a "Why" disclosure, for a table cell. */
export function TradeWhyToggle({ trade }: { trade: Pick<BacktestTrade, 'Why'> }) {
  if (!trade.Why) return null;
  return (
    <details className="max-w-md">
      <summary className="cursor-pointer text-blue-700 underline dark:text-blue-300">{TRADE_WHY_TEXT.why}</summary>
      <div className="mt-1">
        <TradeWhy trade={trade} />
      </div>
    </details>
  );
}
