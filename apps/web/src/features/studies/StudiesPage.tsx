import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { BacktestRun, Period, TemplateListItem } from '@app/contract';
import { Alert, Button, buttonClass, Card, CardBody, FirstBacktest, Loading, ManyRunLinks, Page, Select, StarToggle, textLinkClass } from '../../components/index.ts';
import { chartPageExists, useRunBacktest, usePeriodList, useTemplateDetail, useTemplateList } from './api.ts';
import { Conditions } from './components/Conditions.tsx';
import { EquityChart } from './components/EquityChart.tsx';
import { StatsPanel } from './components/StatsPanel.tsx';
import { TradesTable } from './components/TradesTable.tsx';
import { MonteCarloPanel } from './components/MonteCarloPanel.tsx';
import { downloadCsv } from '../../lib/csv.ts';
import { csvName, statsCsv, tradesCsv } from './csv.ts';
import { backtestError } from './errors.ts';
import { useStudiesLink } from './hooks/useStudiesLink.ts';
import { chartPageUrl, STUDIES_ERRORS, STUDIES_TEXT, templateLink } from './texts.ts';
import { rotationLink, ROTATION_LINK_TEXT } from '../../lib/rotationLink.ts';
import { readStudiesLink } from '../../lib/starters.ts';

const periodLabel = (p: Period) => `${p.stock_ticker}: ${p.start_date} → ${p.end_date}`;

/** What a finished run shows, with the ids and names it ran on (the picks may change afterwards). */
interface Result {
  run: BacktestRun;
  periodId: number;
  templateId: number;
  symbol: string;
  templateName: string;
}

/** /studies (spec §2, §4, §8): pick a template and a period, run, read stats, trades and the equity curve. */
export default function StudiesPage() {
  const templates = useTemplateList();
  const periods = usePeriodList();
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [periodId, setPeriodId] = useState<number | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<{ message: string; detail?: string } | null>(null);
  const [chartError, setChartError] = useState(false);
  const run = useRunBacktest();
  const detail = useTemplateDetail(templateId);
  const [search, setSearch] = useSearchParams();
  const heading = useRef<HTMLHeadingElement>(null);

  // Run writes the result's address (a new history entry); the address runs it (useStudiesLink).
  // The same address again (e.g. after the template was changed) runs at once.
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (templateId === null || periodId === null || run.isPending) return;
    const now = readStudiesLink(search);
    if (now?.run && now.templateId === templateId && now.periodId === periodId) return start({ templateId, periodId });
    const next = new URLSearchParams(search);
    next.set('template_id', String(templateId));
    next.set('period_id', String(periodId));
    next.set('run', '1');
    setSearch(next);
  };

  // Back or Forward during a run starts the other run: only the latest call's callbacks fire.
  const start = ({ templateId, periodId }: { templateId: number; periodId: number }) => {
    setError(null);
    setResult(null);
    setChartError(false);
    const period = periods.data?.find((p) => p.id === periodId);
    const template = templates.data?.find((t) => t.id === templateId);
    run.mutate(
      { period_id: periodId, template_id: templateId },
      {
        onSuccess: (data) => {
          if (!data || typeof data !== 'object' || !data.stats || typeof data.stats !== 'object') {
            setError({ message: STUDIES_ERRORS.statsMissing });
            return;
          }
          setResult({ run: data, periodId, templateId, symbol: period?.stock_ticker ?? '', templateName: template?.name ?? '' });
        },
        onError: (err) => setError(backtestError(err)),
      },
    );
  };

  // Each address: pick its template and period, and run when it is a result's address.
  useStudiesLink(templates, periods, (link, known) => {
    setResult(null);
    setError(null);
    setChartError(false);
    if (!link) return;
    if (!known) return setError({ message: STUDIES_ERRORS.notFound });
    setTemplateId(link.templateId);
    setPeriodId(link.periodId);
    if (link.run) start(link);
  });

  // A result arriving sits below the form's fold on a phone: bring its heading into view and give it
  // the focus, so a screen reader reads where the result starts.
  useEffect(() => {
    const h = heading.current;
    if (!result || !h) return;
    h.focus({ preventScroll: true });
    const box = h.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) h.scrollIntoView({ block: 'start' });
  }, [result]);

  const openChart = async () => {
    if (!result) return;
    setChartError(false);
    // Spec §2: open the static chart page in a new tab only if it exists.
    if (await chartPageExists()) window.open(chartPageUrl(result.periodId, result.templateId), '_blank', 'noopener');
    else setChartError(true);
  };

  const loading = templates.isPending || periods.isPending;
  // The watchlist star follows the chosen period's ticker.
  const starTicker = periods.data?.find((p) => p.id === periodId)?.stock_ticker;
  const noTemplates = templates.isSuccess && templates.data.length === 0;
  const noPeriods = periods.isSuccess && periods.data.length === 0;

  return (
    <Page
      title={STUDIES_TEXT.title}
      intro={STUDIES_TEXT.intro}
      width="7xl"
      actions={starTicker && <StarToggle symbol={starTicker} />}
    >
      {(noTemplates || noPeriods) && <FirstBacktest className="mt-6" />}

      <Card className="mt-6">
        <CardBody className="space-y-4">
          {loading ? (
            <Loading />
          ) : (
            <form onSubmit={onSubmit} noValidate aria-label="Backtest selection" className="grid gap-4 md:grid-cols-[1fr_1fr_auto] md:items-end">
              <div>
                <Select
                  label={STUDIES_TEXT.template}
                  name="template"
                  value={templateId ?? ''}
                  placeholder={STUDIES_TEXT.pickTemplate}
                  options={(templates.data ?? []).map((t: TemplateListItem) => ({ value: t.id, label: t.name }))}
                  onChange={(e) => setTemplateId(e.target.value ? Number(e.target.value) : null)}
                  disabled={!templates.isSuccess || noTemplates}
                  error={templates.isError ? STUDIES_ERRORS.fetchTemplates : undefined}
                />
                {noTemplates && (
                  <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
                    {STUDIES_TEXT.noTemplates} <Link to="/templates" className={textLinkClass}>{STUDIES_TEXT.createTemplate}</Link>
                  </p>
                )}
              </div>
              <div>
                <Select
                  label={STUDIES_TEXT.period}
                  name="period"
                  value={periodId ?? ''}
                  placeholder={STUDIES_TEXT.pickPeriod}
                  options={(periods.data ?? []).map((p) => ({ value: p.id, label: periodLabel(p) }))}
                  onChange={(e) => setPeriodId(e.target.value ? Number(e.target.value) : null)}
                  disabled={!periods.isSuccess || noPeriods}
                  error={periods.isError ? STUDIES_ERRORS.fetchPeriods : undefined}
                />
                {noPeriods && (
                  <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
                    {STUDIES_TEXT.noPeriods} <Link to="/stockperiod" className={textLinkClass}>{STUDIES_TEXT.createPeriod}</Link>
                  </p>
                )}
              </div>
              <Button type="submit" loading={run.isPending} disabled={templateId === null || periodId === null} className="md:mb-0">
                {run.isPending ? STUDIES_TEXT.running : STUDIES_TEXT.run}
              </Button>
            </form>
          )}
          {detail.data && <Conditions template={detail.data} />}
          {templateId !== null && (
            <div className="flex flex-wrap gap-2">
              {periodId !== null && (
                <Link to={`/optimize?template_id=${templateId}&period_id=${periodId}`} className={buttonClass('secondary', 'sm')}>Optimize</Link>
              )}
              <ManyRunLinks link={{ templateId, periodId }} />
              <Link to={rotationLink({ start: periods.data?.find((p) => p.id === periodId)?.start_date, end: periods.data?.find((p) => p.id === periodId)?.end_date })} className={buttonClass('secondary', 'sm')}>{ROTATION_LINK_TEXT.fromBacktest}</Link>
            </div>
          )}
        </CardBody>
      </Card>

      <div className="mt-6 space-y-6" aria-live="polite">
        {error && (
          <Alert tone="error" title={error.message}>
            {error.detail}
          </Alert>
        )}
        {!result && !error && !run.isPending && <p className="text-center text-sm text-slate-500 dark:text-slate-400">{STUDIES_TEXT.idle}</p>}
        {run.isPending && <Loading text={`${STUDIES_TEXT.running}...`} />}
        {result && (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 ref={heading} tabIndex={-1} className="scroll-mt-20 text-lg font-semibold focus:outline-none">
                {result.templateName} <span className="text-slate-500 dark:text-slate-400">on</span> {result.symbol}
              </h2>
              <div className="flex flex-wrap items-center gap-2">
                {chartError && <span role="alert" className="text-sm text-red-600 dark:text-red-400">{STUDIES_TEXT.chartMissing}</span>}
                <Button onClick={openChart}>{STUDIES_TEXT.viewChart}</Button>
              </div>
            </div>
            {(result.run.trades?.length ?? 0) === 0 && (
              // Spec §8's message for a run without trades, above its (zero) results, with the way out.
              <Alert tone="warning" title={STUDIES_ERRORS.noTrades}>
                {STUDIES_TEXT.noTradesHint}{' '}
                <Link to={templateLink(result.templateId)} className="font-medium text-blue-700 underline dark:text-blue-300">
                  {STUDIES_TEXT.editConditions}
                </Link>
              </Alert>
            )}
            {result.run.equity?.time?.length > 0 && <EquityChart equity={result.run.equity} band={result.run.monte_carlo?.band} />}
            <StatsPanel
              stats={result.run.stats}
              actions={
                Object.keys(result.run.stats).length > 0 && (
                  <Button size="sm" variant="secondary" onClick={() => downloadCsv(statsCsv(result.run.stats, result.run.monte_carlo), csvName(result.symbol, result.templateName, 'stats'))}>
                    {STUDIES_TEXT.downloadStats}
                  </Button>
                )
              }
            />
            {result.run.monte_carlo && <MonteCarloPanel mc={result.run.monte_carlo} />}
            <TradesTable
              trades={result.run.trades ?? []}
              actions={
                (result.run.trades?.length ?? 0) > 0 && (
                  <Button size="sm" variant="secondary" onClick={() => downloadCsv(tradesCsv(result.run.trades), csvName(result.symbol, result.templateName, 'trades'))}>
                    {STUDIES_TEXT.downloadTrades}
                  </Button>
                )
              }
            />
          </>
        )}
      </div>
    </Page>
  );
}
