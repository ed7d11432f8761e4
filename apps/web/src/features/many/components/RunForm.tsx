import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_FLOORS, DEFAULT_RANK_BY, MAX_PORTFOLIO_POSITIONS, RANK_BY, parseNumberInput, RANK_BY_TEXT, settingsInWords, UNIVERSE_MESSAGES, type RunFloors, type Universe } from '@app/contract';
import { Alert, Button, Card, CardBody, CardHeader, Input, Loading, Select, textLinkClass } from '../../../components/index.ts';
import { readManyLink, type ManyKind } from '../../../lib/manyLinks.ts';
import { useExampleTickers } from '../../../lib/marketStatus.ts';
import { usePeriodList, useSavedScans, useStartPortfolioRun, useStartUniverseRun, useTemplateDetail, useTemplateList } from '../api.ts';
import { startError, type FieldErrors } from '../errors.ts';
import { parseSymbols } from '../format.ts';
import { MANY_TEXT } from '../texts.ts';

type UniverseKind = 'scan' | 'symbols' | 'all';
const UNIVERSE_KINDS: UniverseKind[] = ['scan', 'symbols', 'all'];
type ScanWhen = 'scan' | 'scan_today';
const SCAN_WHEN: ScanWhen[] = ['scan', 'scan_today'];

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** Without a period: the last five years. */
function defaultDates() {
  const end = new Date();
  const start = new Date(end);
  start.setUTCFullYear(end.getUTCFullYear() - 5);
  return { start: isoDay(start), end: isoDay(end) };
}

/** The run's form: template, universe (saved scan point in time or its matches today, typed symbols,
 *  every listed equity), dates, the price and liquidity floors, and for a portfolio the slots and the ranking. Opened from another screen, it starts with that screen's
 *  template, period dates or saved scan. */
export function RunForm({ kind }: { kind: ManyKind }) {
  const [search] = useSearchParams();
  const link = readManyLink(search);
  const templates = useTemplateList();
  const periods = usePeriodList();
  const scans = useSavedScans();
  // A link's period gives its dates, and its symbol as the typed universe when no scan was given.
  if (templates.isPending || scans.isPending || (link.periodId !== null && periods.isPending)) return <Card><Loading /></Card>;
  const period = link.periodId !== null ? periods.data?.find((p) => p.id === link.periodId) : undefined;
  const initial: Initial = {
    templateId: link.templateId,
    scanId: link.scanId,
    symbols: !link.scanId && period ? period.stock_ticker : '',
    dates: period ? { start: period.start_date, end: period.end_date } : defaultDates(),
    periodLabel: period ? `${period.stock_ticker}: ${period.start_date} → ${period.end_date}` : null,
  };
  return <RunFormFields kind={kind} initial={initial} templates={templates} scans={scans} />;
}

interface Initial {
  templateId: number | null;
  scanId: number | null;
  symbols: string;
  dates: { start: string; end: string };
  periodLabel: string | null;
}

function RunFormFields({ kind, initial, templates, scans }: { kind: ManyKind; initial: Initial; templates: ReturnType<typeof useTemplateList>; scans: ReturnType<typeof useSavedScans> }) {
  const navigate = useNavigate();
  const [templateId, setTemplateId] = useState<number | null>(initial.templateId);
  const [universe, setUniverse] = useState<UniverseKind>(initial.scanId ? 'scan' : 'symbols');
  const [scanId, setScanId] = useState<number | null>(initial.scanId);
  const [scanWhen, setScanWhen] = useState<ScanWhen>('scan');
  const [floorsOn, setFloorsOn] = useState(true);
  const [minPrice, setMinClose] = useState(String(DEFAULT_FLOORS.min_price));
  const [minDollarVolume, setMinDollarVolume] = useState(String(DEFAULT_FLOORS.min_dollar_volume));
  const [symbolsText, setSymbolsText] = useState(initial.symbols);
  const [dates, setDates] = useState(initial.dates);
  const [maxPositions, setMaxPositions] = useState('10');
  const [rankBy, setRankBy] = useState<(typeof RANK_BY)[number]>(DEFAULT_RANK_BY);
  const [errors, setErrors] = useState<{ message?: string; fields: FieldErrors }>({ fields: {} });
  const detail = useTemplateDetail(templateId);
  const startUniverse = useStartUniverseRun();
  const startPortfolio = useStartPortfolioRun();
  const pending = startUniverse.isPending || startPortfolio.isPending;

  const slotsTyped = parseNumberInput(maxPositions);
  const slots = Math.max(1, Math.min(MAX_PORTFOLIO_POSITIONS, slotsTyped || 1));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const fields: FieldErrors = {};
    if (templateId === null) fields.template_id = MANY_TEXT.pickTemplate + '.';
    const symbols = parseSymbols(symbolsText);
    if (universe === 'scan' && scanId === null) fields.universe = MANY_TEXT.pickScan + '.';
    if (universe === 'symbols' && symbols.length === 0) fields.universe = 'Type at least one symbol.';
    if (!dates.start) fields.start_date = 'Enter a start date.';
    if (!dates.end) fields.end_date = 'Enter an end date.';
    if (kind === 'portfolio' && (slotsTyped === null || !Number.isInteger(slotsTyped) || slotsTyped < 1 || slotsTyped > MAX_PORTFOLIO_POSITIONS)) fields.max_positions = UNIVERSE_MESSAGES.maxPositions;
    // an empty floor field drops that floor; anything else must be a number above 0
    const floorValue = (text: string, field: 'floors.min_price' | 'floors.min_dollar_volume') => {
      if (!text.trim()) return null;
      const v = parseNumberInput(text);
      if (v === null || !(v > 0)) fields[field] = MANY_TEXT.floorPositive;
      return v;
    };
    const floors: RunFloors | null = floorsOn ? { min_price: floorValue(minPrice, 'floors.min_price'), min_dollar_volume: floorValue(minDollarVolume, 'floors.min_dollar_volume') } : null;
    setErrors({ fields });
    if (Object.keys(fields).length) return;
    const u: Universe = universe === 'scan' ? { kind: scanWhen, query_id: scanId! } : universe === 'symbols' ? { kind: 'symbols', symbols } : { kind: 'all' };
    const body = { template_id: templateId!, universe: u, start_date: dates.start, end_date: dates.end, floors };
    const onError = (err: unknown) => setErrors(startError(err));
    if (kind === 'universe') startUniverse.mutate(body, { onSuccess: (run) => navigate(`/many/universe/${run.id}`), onError });
    else startPortfolio.mutate({ ...body, max_positions: slotsTyped!, rank_by: rankBy }, { onSuccess: (run) => navigate(`/many/portfolio/${run.id}`), onError });
  };

  const noTemplates = templates.isSuccess && templates.data.length === 0;
  const noScans = scans.isSuccess && scans.data.length === 0;
  const f = errors.fields;

  return (
    <Card>
      <CardHeader title={MANY_TEXT.formTitle} />
      <CardBody>
        <form onSubmit={onSubmit} noValidate aria-label={MANY_TEXT.formTitle} className="space-y-5">
          {errors.message && <Alert tone="error">{errors.message}</Alert>}
          <div>
            <Select
              label={MANY_TEXT.template}
              name="template"
              value={templateId ?? ''}
              placeholder={MANY_TEXT.pickTemplate}
              options={(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
              onChange={(e) => setTemplateId(e.target.value ? Number(e.target.value) : null)}
              disabled={noTemplates}
              error={f.template_id ?? (templates.isError ? 'Failed to fetch templates' : undefined)}
              wrapperClassName="sm:max-w-md"
            />
            {noTemplates && (
              <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
                {MANY_TEXT.noTemplates} <Link to="/templates" className={textLinkClass}>{MANY_TEXT.createTemplate}</Link>
              </p>
            )}
          </div>

          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">{MANY_TEXT.universe}</legend>
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
              {UNIVERSE_KINDS.map((k) => (
                <label key={k} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                  <input type="radio" name="universe" value={k} checked={universe === k} onChange={() => setUniverse(k)} className="size-4 accent-blue-600" />
                  {MANY_TEXT.universeKinds[k]}
                </label>
              ))}
            </div>
            {universe === 'scan' && (
              <div>
                <Select
                  label={MANY_TEXT.savedScan}
                  name="scan"
                  value={scanId ?? ''}
                  placeholder={MANY_TEXT.pickScan}
                  options={(scans.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
                  onChange={(e) => setScanId(e.target.value ? Number(e.target.value) : null)}
                  disabled={noScans}
                  error={f.universe ?? (scans.isError ? 'Failed to fetch your saved scans' : undefined)}
                  wrapperClassName="sm:max-w-md"
                />
                {noScans && (
                  <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
                    {MANY_TEXT.noScans} <Link to="/scanner" className={textLinkClass}>{MANY_TEXT.openScanner}</Link>
                  </p>
                )}
                <div role="radiogroup" aria-label={MANY_TEXT.scanWhen} className="mt-2 flex flex-col gap-1">
                  {SCAN_WHEN.map((w) => (
                    <label key={w} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                      <input type="radio" name="scan_when" value={w} checked={scanWhen === w} onChange={() => setScanWhen(w)} className="size-4 accent-blue-600" />
                      {MANY_TEXT.scanWhenKinds[w]}
                    </label>
                  ))}
                </div>
              </div>
            )}
            {universe === 'symbols' && <SymbolsField value={symbolsText} onChange={setSymbolsText} error={f.universe} />}
            {universe === 'all' && f.universe && <p className="text-sm text-red-600 dark:text-red-400">{f.universe}</p>}
          </fieldset>

          <div className="grid gap-4 sm:max-w-md sm:grid-cols-2">
            <Input label={MANY_TEXT.startDate} type="date" name="start_date" value={dates.start} onChange={(e) => setDates((d) => ({ ...d, start: e.target.value }))} error={f.start_date} />
            <Input label={MANY_TEXT.endDate} type="date" name="end_date" value={dates.end} onChange={(e) => setDates((d) => ({ ...d, end: e.target.value }))} error={f.end_date} />
          </div>
          {initial.periodLabel && <p className="-mt-3 text-xs text-slate-500 dark:text-slate-400">{MANY_TEXT.fromPeriod(initial.periodLabel)}</p>}

          <fieldset className="space-y-2">
            <label className="flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-300">
              <input type="checkbox" name="floors" checked={floorsOn} onChange={(e) => setFloorsOn(e.target.checked)} className="size-4 accent-blue-600" />
              {MANY_TEXT.floors}
            </label>
            {floorsOn && (
              <div className="grid gap-4 sm:max-w-md sm:grid-cols-2">
                <Input label={MANY_TEXT.minPrice} name="min_price" inputMode="decimal" value={minPrice} onChange={(e) => setMinClose(e.target.value)} error={f['floors.min_price']} />
                <Input label={MANY_TEXT.minDollarVolume} name="min_dollar_volume" inputMode="decimal" value={minDollarVolume} onChange={(e) => setMinDollarVolume(e.target.value)} error={f['floors.min_dollar_volume']} />
              </div>
            )}
            <p className="text-xs text-slate-500 dark:text-slate-400">{MANY_TEXT.floorsHint}</p>
          </fieldset>

          {kind === 'portfolio' && (
            <div className="grid gap-4 sm:grid-cols-[10rem_minmax(0,22rem)]">
              <Input
                label={MANY_TEXT.maxPositions}
                name="max_positions"
                inputMode="numeric"
                min={1}
                max={MAX_PORTFOLIO_POSITIONS}
                value={maxPositions}
                onChange={(e) => setMaxPositions(e.target.value)}
                hint={MANY_TEXT.maxPositionsHint(MAX_PORTFOLIO_POSITIONS)}
                error={f.max_positions}
              />
              <Select
                label={MANY_TEXT.rankBy}
                name="rank_by"
                value={rankBy}
                options={RANK_BY.map((r) => ({ value: r, label: RANK_BY_TEXT[r] }))}
                onChange={(e) => setRankBy(e.target.value as (typeof RANK_BY)[number])}
                hint={MANY_TEXT.rankByHint(RANK_BY_TEXT[DEFAULT_RANK_BY])}
                error={f.rank_by}
              />
              {detail.data && (
                <p className="text-xs text-slate-500 sm:col-span-2 dark:text-slate-400" data-testid="sizing">
                  <span className="font-medium text-slate-700 dark:text-slate-300">{MANY_TEXT.sizing}: </span>
                  {MANY_TEXT.sizingText(settingsInWords(detail.data), slots)}
                </p>
              )}
            </div>
          )}

          <Button type="submit" loading={pending} disabled={noTemplates} className="w-full sm:w-auto">
            {pending ? MANY_TEXT.starting : kind === 'universe' ? MANY_TEXT.startUniverse : MANY_TEXT.startPortfolio}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}

function SymbolsField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const examples = useExampleTickers();
  const n = parseSymbols(value).length;
  return (
    <div className="space-y-1">
      <label htmlFor="many-symbols" className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {MANY_TEXT.symbols} {n > 0 && <span className="font-normal text-slate-500 dark:text-slate-400">({n})</span>}
      </label>
      <textarea
        id="many-symbols"
        name="symbols"
        rows={3}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby="many-symbols-help"
        spellCheck={false}
        autoCapitalize="characters"
        className={`block w-full rounded-md border bg-white px-3 py-2 font-mono text-sm text-slate-900 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none sm:max-w-md dark:bg-slate-900 dark:text-slate-100 ${error ? 'border-red-500' : 'border-slate-300 dark:border-slate-700'}`}
      />
      <p id="many-symbols-help" className={error ? 'text-sm text-red-600 dark:text-red-400' : 'text-xs text-slate-500 dark:text-slate-400'}>
        {error ?? MANY_TEXT.symbolsHint(examples)}
      </p>
    </div>
  );
}
