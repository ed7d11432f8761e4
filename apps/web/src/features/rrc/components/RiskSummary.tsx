import type { RiskResult } from '@app/quant';
import { Card, CardHeader, cx } from '../../../components/index.ts';
import { RRC_TEXT } from '../texts.ts';
import { formatPercent, formatShares, formatUsd } from '../format.ts';
import { PriceLadder } from './PriceLadder.tsx';

type Tone = 'plain' | 'red' | 'green';
const toneClass: Record<Tone, string> = {
  plain: 'text-slate-900 dark:text-slate-100',
  red: 'text-down',
  green: 'text-up',
};

/** The spec's 'Risk Management Summary' panel; dashes when there is no result. */
export function RiskSummary({ result, symbol, stale }: { result: RiskResult | null; symbol: string; stale: boolean }) {
  const rows: Array<{ key: string; label: string; value: (r: RiskResult) => string; tone: Tone }> = [
    { key: 'amtPosition', label: RRC_TEXT.amtPosition, value: (r) => formatUsd(r.amtPosition), tone: 'plain' },
    { key: 'sharesToBuy', label: RRC_TEXT.sharesToBuy, value: (r) => formatShares(r.sharesToBuy), tone: 'plain' },
    { key: 'stopPrice', label: RRC_TEXT.stopPrice, value: (r) => formatUsd(r.stopPrice), tone: 'red' },
    { key: 'target3r', label: RRC_TEXT.target3r, value: (r) => formatUsd(r.target3r), tone: 'green' },
    { key: 'stopAmount', label: RRC_TEXT.stopAmount, value: (r) => formatUsd(r.stopAmount), tone: 'red' },
    { key: 'riskEquity', label: RRC_TEXT.riskEquity, value: (r) => formatPercent(r.riskEquity, 3), tone: 'red' },
  ];
  return (
    <Card className="flex h-full flex-col" aria-live="polite">
      <CardHeader
        title={RRC_TEXT.summaryTitle}
        subtitle={result && symbol ? symbol : undefined}
        actions={stale ? <span className="text-xs text-amber-700 dark:text-amber-400">Inputs changed — press Calculate</span> : undefined}
      />
      <dl className="grid grid-cols-2 gap-px overflow-hidden border-b border-slate-200 bg-slate-200 dark:border-slate-800 dark:bg-slate-800" data-testid="risk-summary">
        {rows.map((row) => (
          <div key={row.key} className="bg-white px-4 py-3 dark:bg-slate-900">
            <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{row.label}</dt>
            <dd data-testid={row.key} className={cx('mt-1 text-lg font-semibold tabular-nums sm:text-xl', result ? toneClass[row.tone] : 'text-slate-400')}>
              {result ? row.value(result) : '—'}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-auto">{result && <PriceLadder result={result} />}</div>
    </Card>
  );
}
