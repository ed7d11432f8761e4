import { Link } from 'react-router';
import { PBO_MIN_CELLS, type OptimizationLuck, type OptimizationResult } from '@app/contract';
import { Badge, Button, Card, CardBody, CardHeader } from '../../../components/index.ts';
import { downloadCsv, toCsv, type CsvCell } from '../../../lib/csv.ts';
import { HELP_PATH, LUCK_TEXT as T } from '../../../lib/luckText.ts';

const TONE = { green: 'green', amber: 'amber', red: 'red', too_few_trades: 'neutral' } as const;

/** The red/amber/green badge of a run's guards. */
export function LuckBadge({ luck }: { luck: OptimizationLuck }) {
  if (!luck.verdict) return <span className="text-slate-400">—</span>;
  return (
    <Badge tone={TONE[luck.verdict]} title={T.thresholds}>
      <span data-testid="luck-badge" data-verdict={luck.verdict}>{T.verdict[luck.verdict]}</span>
    </Badge>
  );
}

/** The guards as CSV rows (one figure a row, raw numbers) for the run and each walk-forward fold. */
export function luckCsv(luck: OptimizationLuck, folds: readonly { luck?: OptimizationLuck | null }[] = []): string {
  const rows: [string, CsvCell][] = Object.entries(luck);
  folds.forEach((f, k) => {
    if (f.luck) rows.push(...Object.entries(f.luck).map(([key, v]): [string, CsvCell] => [`fold ${k + 1} ${key}`, v]));
  });
  return toCsv(['Figure', 'Value'], rows);
}

/** An optimisation's guards in a trader's words: the Deflated Sharpe of the best cell, the PBO of the
 *  grid, the badge, and a link to the help page. */
export function LuckPanel({ luck, folds, fileName }: { luck: OptimizationLuck; folds?: readonly { luck?: OptimizationLuck | null }[]; fileName: string }) {
  return (
    <Card data-testid="luck-panel">
      <CardHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          <span className="flex flex-wrap items-center gap-2">
            <LuckBadge luck={luck} />
            <Button size="sm" variant="secondary" onClick={() => downloadCsv(luckCsv(luck, folds), fileName)}>
              {T.downloadCsv}
            </Button>
          </span>
        }
      />
      <CardBody className="space-y-2 text-sm">
        {luck.verdict === 'too_few_trades' ? (
          <p data-testid="luck-too-few">{T.tooFewTrades(luck.trades)}</p>
        ) : (
          <>
            <p data-testid="luck-dsr">
              {luck.deflated_sharpe === null ? (
                T.noDsr
              ) : (
                <>
                  <strong className="font-semibold tabular-nums">{T.dsr(luck.deflated_sharpe)}</strong> — {T.dsrExplain(luck.deflated_sharpe, luck.trials)}
                </>
              )}
            </p>
            <p data-testid="luck-excess">
              {luck.excess_deflated_sharpe === null ? (
                T.noExcessDsr
              ) : (
                <>
                  <strong className="font-semibold tabular-nums">{T.excessDsr(luck.excess_deflated_sharpe)}</strong> — {T.excessExplain(luck.excess_deflated_sharpe)}
                </>
              )}
            </p>
          </>
        )}
        <p data-testid="luck-pbo">
          {luck.pbo === null ? (
            T.noPbo(PBO_MIN_CELLS)
          ) : (
            <>
              <strong className="font-semibold tabular-nums">{T.pbo(luck.pbo)}</strong> — {T.pboExplain(luck.pbo, luck.pbo_splits ?? 0)}
            </>
          )}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {T.thresholds}{' '}
          <Link to={HELP_PATH} className="font-medium text-blue-700 underline dark:text-blue-300">
            {T.learnMore}
          </Link>
        </p>
      </CardBody>
    </Card>
  );
}

/** Each walk-forward fold's in-sample grid's guards. */
export function FoldLuck({ folds }: { folds: NonNullable<OptimizationResult['walk_forward']>['folds'] }) {
  if (!folds.some((f) => f.luck)) return null;
  return (
    <Card data-testid="luck-folds">
      <CardHeader title={T.foldsTitle} />
      <div className="overflow-x-auto" data-scroll-x>
        <table className="w-full text-sm" aria-label={T.foldsTitle}>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:bg-slate-800 dark:text-slate-400">
            <tr>
              <th scope="col" className="px-3 py-2 text-left">{T.fold}</th>
              <th scope="col" className="px-3 py-2 text-right">{T.foldDsr}</th>
              <th scope="col" className="px-3 py-2 text-right">{T.foldPbo}</th>
              <th scope="col" className="px-3 py-2 text-left">{T.foldVerdict}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {folds.map((f, k) => (
              <tr key={k}>
                <td className="px-3 py-1.5 tabular-nums">{k + 1}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">
                  {f.luck?.deflated_sharpe == null || f.luck.verdict === 'too_few_trades' ? '—' : f.luck.deflated_sharpe.toFixed(2)}
                </td>
                <td className="px-3 py-1.5 text-right tabular-nums">{f.luck?.pbo == null ? '—' : T.pboPct(f.luck.pbo)}</td>
                <td className="px-3 py-1.5">{f.luck ? <LuckBadge luck={f.luck} /> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
