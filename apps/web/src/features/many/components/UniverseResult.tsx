import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { UniverseRun, UniverseSortField } from '@app/contract';
import { Alert, Button, Card, CardHeader } from '../../../components/index.ts';
import { downloadCsv } from '../../../lib/csv.ts';
import { studiesLink } from '../../../lib/starters.ts';
import { fetchAllRows, useStudyPeriod } from '../api.ts';
import { nextSort, orderingParam, runCsvName, universeCsv, type Sort } from '../format.ts';
import { MANY_TEXT } from '../texts.ts';
import { Histogram } from './Histogram.tsx';
import { floorsOn, MembershipNote } from './MembershipNote.tsx';
import { SummaryTiles } from './SummaryTiles.tsx';
import { SurvivorshipNote } from './SurvivorshipNote.tsx';
import { UniverseTable } from './UniverseTable.tsx';

export interface UniverseResultProps {
  run: UniverseRun;
  sort: Sort;
  page: number;
  pageSize: number;
  /** a newer page or order is on its way */
  fetching: boolean;
  onPage: (page: number, sort: Sort) => void;
}

/** A finished universe run: the survivorship note, the distribution, the histogram, and the table
 *  (sorted and paged by the server; each symbol opens its single backtest; CSV of every row). */
export function UniverseResult({ run, sort, page, pageSize, fetching, onPage }: UniverseResultProps) {
  const navigate = useNavigate();
  const studyPeriod = useStudyPeriod();
  const [opening, setOpening] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const summary = run.summary!;
  const rows = run.rows!;
  const first = rows.count ? (page - 1) * pageSize + 1 : 0;
  const last = Math.min(rows.count, page * pageSize);

  // The Backtest screen runs a template on a saved period, so the row's symbol and the run's dates
  // become one (the user's own if it exists), and the screen opens with them and runs.
  const open = (symbol: string) => {
    setError(null);
    setOpening(symbol);
    studyPeriod.mutate(
      { symbol, start: run.request.start_date, end: run.request.end_date },
      {
        onSuccess: (period) => navigate(studiesLink({ templateId: run.request.template_id, periodId: period.id, run: true })),
        onError: () => setError(`Could not open the backtest of ${symbol}. Please try again.`),
        onSettled: () => setOpening(null),
      },
    );
  };

  const exportCsv = async () => {
    setError(null);
    setExporting(true);
    try {
      const all = await fetchAllRows(run.id, orderingParam(sort), rows.count);
      downloadCsv(universeCsv(all), runCsvName('universe', run.id, run.request.template_name));
    } catch {
      setError('Failed to export the table. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  const onSort = (field: UniverseSortField) => onPage(1, nextSort(sort, field));

  return (
    <div className="space-y-6">
      <SurvivorshipNote text={summary.survivorship} skipped={summary.skipped} />
      <MembershipNote floorsRemoved={summary.floors_removed} neverMembers={summary.never_members} floorsOn={floorsOn(run.request.floors)} />
      <SummaryTiles summary={summary} />
      {summary.histogram.length > 0 && <Histogram bins={summary.histogram} median={summary.median_return_pct} />}
      {error && <Alert tone="error">{error}</Alert>}
      <Card>
        <CardHeader
          title={MANY_TEXT.tableTitle}
          subtitle={MANY_TEXT.openStudyHint}
          actions={
            rows.count > 0 && (
              <Button size="sm" variant="secondary" onClick={() => void exportCsv()} loading={exporting}>
                {exporting ? MANY_TEXT.exporting : MANY_TEXT.exportCsv}
              </Button>
            )
          }
        />
        {rows.count === 0 ? (
          <p className="p-6 text-center text-sm text-slate-500 dark:text-slate-400">{MANY_TEXT.noRows}</p>
        ) : (
          <>
            <UniverseTable rows={rows.results} sort={sort} onSort={onSort} onOpen={open} opening={opening} busy={fetching} />
            <nav className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 dark:border-slate-800" aria-label="Pages of the table">
              <p className="text-sm text-slate-600 tabular-nums dark:text-slate-400" data-testid="rows-range">
                {MANY_TEXT.rows(first, last, rows.count)}
              </p>
              <div className="flex gap-2">
                <Button size="sm" variant="secondary" disabled={!rows.previous || fetching} onClick={() => onPage(page - 1, sort)}>
                  {MANY_TEXT.previous}
                </Button>
                <Button size="sm" variant="secondary" disabled={!rows.next || fetching} onClick={() => onPage(page + 1, sort)}>
                  {MANY_TEXT.next}
                </Button>
              </div>
            </nav>
          </>
        )}
      </Card>
    </div>
  );
}
