import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Optimization, OptimizationResult, Period, TemplateDetail } from '@app/contract';
import { Alert, Button, buttonClass, Card, CardBody, CardHeader, Loading, Page, Select, textLinkClass } from '../../components/index.ts';
import { studiesLink } from '../../lib/starters.ts';
import { useApplyCell, useCancelOptimization, useOptimization, useOptimizationList, usePeriodList, useStartOptimization, useTemplateDetail, useTemplateList } from './api.ts';
import { cellCount, defaultDrafts, draftFromParam, draftValues, paramLabel, requestBody, searchBudget, settingsErrors, settingsFromRequest, showValue, type ParamDraft, type RunSettings } from './grid.ts';
import { coordsOf, formatValue } from './heatmap.ts';
import { ParamsEditor } from './components/ParamsEditor.tsx';
import { SettingsFields } from './components/SettingsFields.tsx';
import { RunProgress } from './components/RunProgress.tsx';
import { Heatmap } from './components/Heatmap.tsx';
import { TopCells } from './components/TopCells.tsx';
import { FoldLuck, LuckPanel } from './components/LuckPanel.tsx';
import { WalkForward } from './components/WalkForward.tsx';
import { RecentRuns } from './components/RecentRuns.tsx';
import { OPTIMIZE_TEXT as T } from './texts.ts';

const periodLabel = (p: Period) => `${p.stock_ticker}: ${p.start_date} → ${p.end_date}`;
const positiveId = (s: string | null) => (s && /^\d{1,10}$/.test(s) && Number(s) > 0 ? Number(s) : null);

const DEFAULT_SETTINGS: RunSettings = { objective: 'Return [%]', direction: 'maximize', minTrades: '', maxDrawdown: '', walkForward: null };

/** /optimize?template_id=…&period_id=…(&run=…): vary a template's numbers over a grid on a
 *  period, follow the run, and read its heatmap, best cells and walk-forward. */
export default function OptimizePage() {
  const [search, setSearch] = useSearchParams();
  const templateId = positiveId(search.get('template_id'));
  const periodId = positiveId(search.get('period_id'));
  const runId = positiveId(search.get('run'));
  const templates = useTemplateList();
  const periods = usePeriodList();
  const detail = useTemplateDetail(templateId);
  const run = useOptimization(runId);
  const recent = useOptimizationList();
  const start = useStartOptimization();
  const cancel = useCancelOptimization();
  const apply = useApplyCell();
  const [form, setForm] = useState<{ templateId: number; drafts: ParamDraft[] } | null>(null);
  const [settings, setSettings] = useState<RunSettings>(DEFAULT_SETTINGS);
  const [selected, setSelected] = useState<number | null>(null);
  const [applied, setApplied] = useState<{ run: number; index: number; template: TemplateDetail } | null>(null);
  /** the run whose settings the form was last filled with (a reload shows the run's own grid) */
  const [filledFrom, setFilledFrom] = useState<number | null>(null);

  const select = (next: { template_id?: number | null; period_id?: number | null; run?: number | null }) => {
    // another template or period leaves the run shown (it is about the previous pick)
    const keepsRun = 'run' in next || (next.template_id === undefined && next.period_id === undefined);
    const merged = { template_id: templateId, period_id: periodId, run: keepsRun ? runId : null, ...next };
    setSearch(Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== null && v !== undefined).map(([k, v]) => [k, String(v)])), { replace: merged.run === runId });
  };

  // A run opened by its address alone: show the template and period it ran on.
  const request = run.data?.request;
  useEffect(() => {
    if (request && (templateId === null || periodId === null)) select({ template_id: request.template_id, period_id: request.period_id, run: runId });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once the run is known
  }, [request]);

  const template = detail.data && detail.data.id === templateId ? detail.data : null;

  // A run opened by its address: the form shows the grid and settings it ran with, not the defaults.
  const ranWith = run.data && template && run.data.request.template_id === template.id ? run.data : null;
  if (ranWith && template && filledFrom !== ranWith.id) {
    // set while rendering (React's pattern for state that follows a prop), once per run shown
    setFilledFrom(ranWith.id);
    const rows = template.indicators.length;
    setForm({ templateId: template.id, drafts: ranWith.request.params.filter((p) => [p.row ?? 0, ...(p.rows ?? [])].every((r) => r < rows)).map(draftFromParam) });
    setSettings(settingsFromRequest(ranWith.request));
  }
  const drafts = template ? (form?.templateId === template.id ? form.drafts : defaultDrafts(template)) : [];
  const setDrafts = (d: ParamDraft[]) => template && setForm({ templateId: template.id, drafts: d });
  const folds = settings.walkForward && Number.isFinite(settings.walkForward.folds) ? settings.walkForward.folds : null;
  const budget = searchBudget(settings);
  const count = cellCount(drafts, folds, settings.search ? (budget ?? 1) : null);
  const invalid =
    templateId === null || periodId === null || !template || drafts.length === 0 || count.error !== null || count.cells === null ||
    drafts.some((d) => draftValues(d).error !== null) || Object.keys(settingsErrors(settings)).length > 0;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (invalid || start.isPending) return;
    start.mutate(requestBody(templateId, periodId, drafts, settings), {
      onSuccess: (r) => {
        setSelected(null);
        // the form already holds what this run was started with
        setFilledFrom(r.id);
        select({ run: r.id });
      },
    });
  };

  const onApply = (index: number) => {
    if (!run.data) return;
    const id = run.data.id;
    apply.mutate({ id, index }, { onSuccess: (t) => setApplied({ run: id, index, template: t }) });
  };

  const loading = templates.isPending || periods.isPending;
  const noTemplates = templates.isSuccess && templates.data.length === 0;
  const noPeriods = periods.isSuccess && periods.data.length === 0;
  const active = run.data?.status === 'queued' || run.data?.status === 'running';

  return (
    <Page title={T.title} intro={T.intro} width="7xl" tabTitle>
      <Card className="mt-6">
        <CardBody>
          {loading ? (
            <Loading />
          ) : (
            <form onSubmit={onSubmit} noValidate aria-label="Optimization" className="space-y-6">
              <div className="grid gap-4 md:grid-cols-2">
                <div>
                  <Select
                    label={T.template}
                    name="template"
                    value={templateId ?? ''}
                    placeholder={T.pickTemplate}
                    options={(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
                    onChange={(e) => select({ template_id: e.target.value ? Number(e.target.value) : null })}
                    disabled={!templates.isSuccess || noTemplates}
                    error={templates.isError ? T.fetchTemplates : undefined}
                  />
                  {noTemplates && (
                    <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
                      {T.noTemplates} <Link to="/templates" className={textLinkClass}>{T.createTemplate}</Link>
                    </p>
                  )}
                </div>
                <div>
                  <Select
                    label={T.period}
                    name="period"
                    value={periodId ?? ''}
                    placeholder={T.pickPeriod}
                    options={(periods.data ?? []).map((p) => ({ value: p.id, label: periodLabel(p) }))}
                    onChange={(e) => select({ period_id: e.target.value ? Number(e.target.value) : null })}
                    disabled={!periods.isSuccess || noPeriods}
                    error={periods.isError ? T.fetchPeriods : undefined}
                  />
                  {noPeriods && (
                    <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
                      {T.noPeriods} <Link to="/stockperiod" className={textLinkClass}>{T.createPeriod}</Link>
                    </p>
                  )}
                </div>
              </div>

              {templateId !== null && detail.isPending && <Loading />}
              {detail.isError && <Alert tone="error" title={T.loadTemplate}>{detail.error.message}</Alert>}
              {template && (
                <>
                  {template.indicators.length === 0 && <p className="text-sm text-slate-500 dark:text-slate-400">{T.noRows}</p>}
                  <ParamsEditor template={template} drafts={drafts} onChange={setDrafts} folds={settings.walkForward?.folds ?? null} searchBudget={settings.search ? (budget ?? 1) : null} />
                  <SettingsFields settings={settings} onChange={setSettings} cells={cellCount(drafts).cells} />
                </>
              )}

              {start.isError && <Alert tone="error" title={start.error.message} />}
              <div className="flex flex-wrap items-center justify-end gap-3">
                {templateId !== null && periodId !== null && (
                  <Link to={studiesLink({ templateId, periodId, run: false })} className={buttonClass('ghost')}>
                    {T.back}
                  </Link>
                )}
                <Button type="submit" loading={start.isPending} disabled={invalid || active} className="w-full sm:w-auto">
                  {start.isPending ? T.starting : T.start_}
                </Button>
              </div>
            </form>
          )}
        </CardBody>
      </Card>

      <div className="mt-6 space-y-6" aria-live="polite">
        {runId === null && !loading && (
          <p className="text-center text-sm text-slate-500 dark:text-slate-400" data-testid="optimize-idle">
            {drafts.length === 0 ? T.idle : periodId === null ? T.pickPeriodFirst : !invalid && count.cells !== null ? (budget !== null ? T.readySearch(Math.min(budget, count.cells).toLocaleString('en-US'), count.cells.toLocaleString('en-US')) : T.ready(count.cells.toLocaleString('en-US'))) : T.fixForm}
          </p>
        )}
        {runId !== null && run.isPending && <Loading />}
        {run.isError && <Alert tone="error" title={T.loadFailed}>{run.error.message}</Alert>}
        {run.data && (
          <RunView
            run={run.data}
            rows={template?.id === run.data.request.template_id ? template.indicators : []}
            selected={selected}
            onSelect={setSelected}
            onCancel={() => cancel.mutate(run.data!.id)}
            cancelling={cancel.isPending}
            onApply={onApply}
            applying={apply.isPending ? (apply.variables?.index ?? null) : null}
            applyError={apply.isError ? apply.error.message : null}
            applied={applied?.run === run.data.id ? applied : null}
          />
        )}
      </div>
      {recent.data && recent.data.length > 0 && (
        <div className="mt-6">
          <RecentRuns runs={recent.data} current={runId} />
        </div>
      )}
    </Page>
  );
}

/** The objective of a cell by its grid index (null: empty, or a cell a search did not try). */
function heatmapLookup(result: OptimizationResult): (index: number) => number | null {
  if (!result.cells) return (index) => result.heatmap[index] ?? null;
  const byCell = new Map(result.cells.map((c, i) => [c, result.heatmap[i]]));
  return (index) => byCell.get(index) ?? null;
}

interface RunViewProps {
  run: Optimization;
  rows: TemplateDetail['indicators'];
  selected: number | null;
  onSelect: (index: number) => void;
  onCancel: () => void;
  cancelling: boolean;
  onApply: (index: number) => void;
  applying: number | null;
  applyError: string | null;
  applied: { index: number; template: TemplateDetail } | null;
}

/** One run as it stands: progress, its end, or its results. */
function RunView({ run, rows, selected, onSelect, onCancel, cancelling, onApply, applying, applyError, applied }: RunViewProps) {
  const { request, result } = run;
  if (run.status === 'queued' || run.status === 'running') return <RunProgress run={run} onCancel={onCancel} cancelling={cancelling} />;
  if (run.status === 'cancelled') return <Alert tone="info" title={T.cancelled} />;
  if (run.status === 'failed' || !result) return <Alert tone="error" title={T.failed}>{run.error}</Alert>;

  const best = result.best;
  // a search's heatmap lists the cells it tried: their values by grid index
  const valueAt = heatmapLookup(result);
  const openLink = applied && studiesLink({ templateId: applied.template.id, periodId: request.period_id, run: true });
  const pick = selected ?? best?.index ?? null;
  const pickParams = pick === null ? null : coordsOf(pick, request.params.map((p) => p.values.length)).map((c, k) => request.params[k].values[c]);
  const topStats = pick === null ? null : (result.top.find((c) => c.index === pick)?.stats ?? (best?.index === pick ? best.stats : null));

  return (
    <>
      <h2 className="text-lg font-semibold">
        {request.template_name} <span className="text-slate-500 dark:text-slate-400">on</span> {request.symbol}{' '}
        <span className="text-sm font-normal text-slate-500 dark:text-slate-400">
          {request.start_date} → {request.end_date} ·{' '}
          {result.cells ? T.searchedCells(result.cells.length.toLocaleString('en-US'), request.cells.toLocaleString('en-US')) : `${request.cells.toLocaleString('en-US')} cells`}
        </span>
      </h2>
      {openLink && applied && (
        <Alert tone="success" title={T.applied(applied.template.name)}>
          <Link to={openLink} className={buttonClass('primary', 'sm', 'mt-2')}>
            {T.openBacktest}
          </Link>
        </Alert>
      )}
      {applyError && <Alert tone="error" title={applyError} />}
      {best === null ? (
        <Alert tone="warning" title={T.noBest} />
      ) : (
        <>
          <Card data-testid="picked-cell">
            <CardHeader
              title={pick === best.index ? (request.walk_forward ? T.bestWholeTitle : T.bestTitle) : T.selectedTitle}
              subtitle={T.pickHint}
              actions={
                pick !== null && (
                  <Button size="sm" onClick={() => onApply(pick)} loading={applying === pick}>
                    {applying === pick ? T.applying : T.apply}
                  </Button>
                )
              }
            />
            <CardBody>
              <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-6">
                {request.params.map((p, k) => (
                  <div key={k}>
                    <dt className="text-xs text-slate-500 dark:text-slate-400">{paramLabel(rows, p)}</dt>
                    <dd className="font-medium tabular-nums">{showValue(p, pickParams?.[k])}</dd>
                  </div>
                ))}
                <div>
                  <dt className="text-xs text-slate-500 dark:text-slate-400">{request.objective}</dt>
                  <dd className="font-medium tabular-nums" data-testid="picked-value">{formatValue(pick === null ? null : valueAt(pick), request.objective)}</dd>
                </div>
                {topStats && request.objective !== '# Trades' && (
                  <div>
                    <dt className="text-xs text-slate-500 dark:text-slate-400"># Trades</dt>
                    <dd className="font-medium tabular-nums">{formatValue(topStats['# Trades'] as number, '# Trades')}</dd>
                  </div>
                )}
              </dl>
            </CardBody>
          </Card>
          {result.luck && <LuckPanel luck={result.luck} folds={result.walk_forward?.folds} fileName={`optimization-${run.id}-luck.csv`} />}
          <Heatmap request={request} heatmap={result.heatmap} tried={result.cells ?? null} bestIndex={best.index} rows={rows} selected={pick} onSelect={onSelect} />
          <TopCells request={request} top={result.top} bestIndex={best.index} rows={rows} onApply={onApply} applying={applying} opened={applied && { index: applied.index, link: openLink! }} />
        </>
      )}
      {result.walk_forward && <WalkForward request={request} walk={result.walk_forward} rows={rows} />}
      {result.walk_forward && <FoldLuck folds={result.walk_forward.folds} />}
    </>
  );
}
