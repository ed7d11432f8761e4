import { useState } from 'react';
import { ROTATION_TEXT, type RotationRun } from '@app/contract';
import { Alert, Button, Card, CardBody, CardHeader } from '../../../components/index.ts';
import { downloadCsv } from '../../../lib/csv.ts';
import { fetchRotationCsv } from '../api.ts';
import { ROTATION_SCREEN as T } from '../texts.ts';
import { HoldingsTable } from './HoldingsTable.tsx';
import { RotationChart } from './RotationChart.tsx';

const money = (v: number) => v.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const pct = (v: number | null) => (v === null ? '—' : `${v.toFixed(2)}%`);
const fixed = (v: number | null, d = 2) => (v === null ? '—' : v.toFixed(d));

/** A finished rotation: the universe's warning, the chart, the statistics, the holdings at each
 *  rebalance, and the two CSV files. */
export function RotationResultView({ run }: { run: RotationRun }) {
  const r = run.result!;
  const s = r.stats;
  const [csvError, setCsvError] = useState<string | null>(null);
  const download = (file: 'orders' | 'holdings') => {
    setCsvError(null);
    fetchRotationCsv(run.id, file).then((text) => downloadCsv(text, `rotation-${run.id}-${file}.csv`), () => setCsvError('The file could not be fetched. Try again.'));
  };
  const tiles: [string, string][] = [
    ['Final equity', money(s.final_equity)],
    ['Return', pct(s.return_pct)],
    ['CAGR', pct(s.cagr_pct)],
    ['Max. drawdown', pct(s.max_drawdown_pct)],
    ['Sharpe', fixed(s.sharpe)],
    [`Alpha${r.benchmark ? ` vs ${r.benchmark.symbol}` : ''}`, s.alpha === null ? '—' : `${(s.alpha * 100).toFixed(2)}%`],
    ['Beta', fixed(s.beta)],
    ['Turnover per year', s.turnover_per_year === null ? '—' : `${(s.turnover_per_year * 100).toFixed(0)}%`],
    ['Costs paid', money(s.costs_paid)],
    ['Average holdings', fixed(s.average_holdings, 1)],
    ['Symbol-days floored', s.floored.toLocaleString('en-US')],
    ['Orders', r.orders.length.toLocaleString('en-US')],
  ];
  return (
    <div className="space-y-6">
      <Alert tone="warning">{r.survivorship}</Alert>
      <RotationChart result={r} />
      <Card>
        <CardHeader title={T.statsTitle} />
        <CardBody>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="rotation-stats">
            {tiles.map(([k, v]) => (
              <div key={k} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
                <dt className="text-xs text-slate-500 dark:text-slate-400">{k}</dt>
                <dd className="mt-1 text-base font-semibold tabular-nums text-slate-900 dark:text-slate-100">{v}</dd>
              </div>
            ))}
          </dl>
        </CardBody>
      </Card>
      <Card>
        <CardHeader
          title={T.holdingsTitle}
          subtitle={T.holdingsIntro}
        />
        <CardBody className="space-y-3">
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => download('orders')}>{T.downloadOrders}</Button>
            <Button size="sm" variant="secondary" onClick={() => download('holdings')}>{T.downloadHoldings}</Button>
          </div>
          {csvError && <Alert tone="error">{csvError}</Alert>}
          <HoldingsTable rebalances={r.rebalances} />
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {Object.entries(ROTATION_TEXT.reason).map(([k, v]) => `${k}: ${v}`).join(' · ')}
          </p>
        </CardBody>
      </Card>
    </div>
  );
}
