import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  MAX_ROTATION_TOP, parseNumberInput, REBALANCE_PERIODS, ROTATION_FLOORS, ROTATION_ORDERS, ROTATION_SIDES, ROTATION_TEXT, ROTATION_WEIGHTINGS, SCORE_KINDS,
  type RotationRunCreateBody, type RotationScore, type Universe,
} from '@app/contract';
import { Alert, Button, Card, CardBody, CardHeader, Input, Loading, Select } from '../../../components/index.ts';
import { ApiError, firstMessage, NetworkError } from '../../../lib/api.ts';
import { useSavedScans, useStartRotation, useTemplateList } from '../api.ts';
import { readRotationLink } from '../../../lib/rotationLink.ts';
import { ROTATION_SCREEN as T } from '../texts.ts';

type UniverseKind = 'scan' | 'symbols' | 'all';
type ScoreKind = (typeof SCORE_KINDS)[number];
type Errors = { message?: string; fields: Record<string, string> };

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
function lastYears(n: number) {
  const end = new Date();
  const start = new Date(end);
  start.setUTCFullYear(end.getUTCFullYear() - n);
  return { start: isoDay(start), end: isoDay(end) };
}
const options = <K extends string>(keys: readonly K[], text: Record<K, string>) => keys.map((k) => ({ value: k, label: text[k] }));
/** A typed number, or undefined when the box is empty (the engine's default). */
const typed = (s: string) => (s.trim() ? (parseNumberInput(s) ?? NaN) : undefined);

/** A 400's fields under each box, anything else in one line above. */
function startError(e: unknown): Errors {
  if (e instanceof NetworkError) return { message: 'No response from the server. Check your connection and try again.', fields: {} };
  if (e instanceof ApiError && e.status === 400 && e.body && typeof e.body === 'object' && !('detail' in e.body)) {
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(e.body as Record<string, unknown>)) fields[k.startsWith('universe') ? 'universe' : k] = Array.isArray(v) ? String(v[0]) : String(v);
    return { fields };
  }
  if (e instanceof ApiError && e.status === 404) return { message: 'The template or saved scan was not found: it may have been deleted. Pick another.', fields: {} };
  return { message: e instanceof ApiError ? (firstMessage(e.body) ?? 'Failed to start the run.') : 'Failed to start the run.', fields: {} };
}

export function RotationForm() {
  const [search] = useSearchParams();
  const templates = useTemplateList();
  const scans = useSavedScans();
  if (templates.isPending || scans.isPending) return <Card><Loading /></Card>;
  return <RotationFields link={readRotationLink(search)} templates={templates.data ?? []} scans={scans.data ?? []} />;
}

function RotationFields({ link, templates, scans }: { link: ReturnType<typeof readRotationLink>; templates: { id: number; name: string }[]; scans: { id: number; name: string }[] }) {
  const navigate = useNavigate();
  const start = useStartRotation();
  const dflt = lastYears(10);
  const [universe, setUniverse] = useState<UniverseKind>(link.scanId ? 'scan' : 'all');
  const [scanId, setScanId] = useState<number | null>(link.scanId);
  const [scanWhen, setScanWhen] = useState<'scan' | 'scan_today'>('scan');
  const [symbols, setSymbols] = useState('');
  const [dates, setDates] = useState({ start: link.start ?? dflt.start, end: link.end ?? dflt.end });
  const [rebalance, setRebalance] = useState<(typeof REBALANCE_PERIODS)[number]>('monthly');
  const [top, setTop] = useState('10');
  const [scoreKind, setScoreKind] = useState<ScoreKind>('momentum');
  const [period, setPeriod] = useState('126');
  const [skip, setSkip] = useState('21');
  const [field, setField] = useState('');
  const [order, setOrder] = useState<string>('');
  const [side, setSide] = useState<(typeof ROTATION_SIDES)[number]>('long');
  const [weighting, setWeighting] = useState<(typeof ROTATION_WEIGHTINGS)[number]>('equal');
  const [buffer, setBuffer] = useState('0');
  const [floorsOn, setFloorsOn] = useState(true);
  const [minPrice, setMinPrice] = useState(String(ROTATION_FLOORS.min_price));
  const [minDollarVolume, setMinDollarVolume] = useState(String(ROTATION_FLOORS.min_dollar_volume));
  const [window, setWindow] = useState(String(ROTATION_FLOORS.window));
  const [cash, setCash] = useState('10000');
  const [commission, setCommission] = useState('0');
  const [commissionFixed, setCommissionFixed] = useState('0');
  const [spread, setSpread] = useState('0');
  const [templateId, setTemplateId] = useState<number | null>(link.templateId);
  const [benchmark, setBenchmark] = useState('');
  const [errors, setErrors] = useState<Errors>({ fields: {} });
  const f = errors.fields;

  const score = (): RotationScore => {
    switch (scoreKind) {
      case 'momentum': return { kind: 'momentum', period: typed(period) ?? NaN, skip: typed(skip) ?? null };
      case 'rsi': case 'volatility': return { kind: scoreKind, period: typed(period) ?? null };
      case 'fa': return { kind: 'fa', field };
      default: return { kind: scoreKind };
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const fields: Record<string, string> = {};
    if (universe === 'scan' && scanId === null) fields.universe = `${T.pickScan}.`;
    const list = symbols.split(/[\s,;]+/).map((s) => s.trim().toUpperCase()).filter(Boolean);
    if (universe === 'symbols' && !list.length) fields.universe = 'Type at least one symbol.';
    setErrors({ fields });
    if (Object.keys(fields).length) return;
    const u: Universe = universe === 'scan' ? { kind: scanWhen, query_id: scanId! } : universe === 'symbols' ? { kind: 'symbols', symbols: list } : { kind: 'all' };
    const body: RotationRunCreateBody = {
      universe: u, start_date: dates.start, end_date: dates.end, rebalance, top: typed(top) ?? NaN, score: score(),
      order: (order || null) as RotationRunCreateBody['order'], side, weighting, buffer: typed(buffer) ?? null,
      cash: typed(cash) ?? null, commission: typed(commission) ?? null, commission_fixed: typed(commissionFixed) ?? null, spread: typed(spread) ?? null,
      floors: floorsOn ? { min_price: typed(minPrice) ?? null, min_dollar_volume: typed(minDollarVolume) ?? null, window: typed(window) ?? null } : null,
      template_id: templateId, benchmark: benchmark.trim() || null,
    };
    start.mutate(body, { onSuccess: (run) => navigate(`/rotation/${run.id}`), onError: (err) => setErrors(startError(err)) });
  };

  const periodLabel = scoreKind === 'momentum' || scoreKind === 'rsi' || scoreKind === 'volatility';
  return (
    <Card>
      <CardHeader title={T.formTitle} />
      <CardBody>
        <form onSubmit={onSubmit} noValidate aria-label={T.formTitle} className="space-y-5">
          {errors.message && <Alert tone="error">{errors.message}</Alert>}
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">{T.universe}</legend>
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
              {(['scan', 'symbols', 'all'] as const).map((k) => (
                <label key={k} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                  <input type="radio" name="universe" value={k} checked={universe === k} onChange={() => setUniverse(k)} className="size-4 accent-blue-600" />
                  {T.universeKinds[k]}
                </label>
              ))}
            </div>
            {universe === 'scan' && (
              <div className="grid gap-3 sm:grid-cols-2">
                <Select label={T.savedScan} name="scan" value={scanId ?? ''} placeholder={T.pickScan} options={scans.map((s) => ({ value: s.id, label: s.name }))} onChange={(e) => setScanId(e.target.value ? Number(e.target.value) : null)} error={f.universe} />
                <Select label="Reading" name="scan_when" value={scanWhen} options={options(['scan', 'scan_today'] as const, T.scanWhen)} onChange={(e) => setScanWhen(e.target.value as 'scan' | 'scan_today')} />
              </div>
            )}
            {universe === 'symbols' && <Input label={T.symbols} name="symbols" value={symbols} hint={T.symbolsHint} onChange={(e) => setSymbols(e.target.value)} error={f.universe} />}
            {universe === 'all' && f.universe && <Alert tone="error">{f.universe}</Alert>}
          </fieldset>

          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Input type="date" label={T.start} name="start_date" value={dates.start} onChange={(e) => setDates({ ...dates, start: e.target.value })} error={f.start_date} />
            <Input type="date" label={T.end} name="end_date" value={dates.end} onChange={(e) => setDates({ ...dates, end: e.target.value })} error={f.end_date} />
            <Select label={T.rebalance} name="rebalance" value={rebalance} options={options(REBALANCE_PERIODS, ROTATION_TEXT.rebalance)} onChange={(e) => setRebalance(e.target.value as typeof rebalance)} error={f.rebalance} />
            <Input label={T.top} name="top" inputMode="numeric" value={top} onChange={(e) => setTop(e.target.value)} error={f.top} hint={`1 to ${MAX_ROTATION_TOP}`} />
          </div>

          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Select label={T.score} name="score" value={scoreKind} options={options(SCORE_KINDS, ROTATION_TEXT.score)} onChange={(e) => setScoreKind(e.target.value as ScoreKind)} error={f['score.kind']} />
            {periodLabel && <Input label={T.period} name="score_period" inputMode="numeric" value={period} onChange={(e) => setPeriod(e.target.value)} error={f['score.period']} />}
            {scoreKind === 'momentum' && <Input label={T.skip} name="score_skip" inputMode="numeric" value={skip} onChange={(e) => setSkip(e.target.value)} error={f['score.skip']} />}
            {scoreKind === 'fa' && <Input label={T.field} name="score_field" value={field} onChange={(e) => setField(e.target.value)} error={f['score.field']} hint="e.g. revenue, epsdiluted" />}
            <Select label={T.order} name="order" value={order} placeholder="The score's usual order" options={options(ROTATION_ORDERS, ROTATION_TEXT.order)} onChange={(e) => setOrder(e.target.value)} error={f.order} />
          </div>

          <div className="grid gap-3 sm:grid-cols-3">
            <Select label={T.side} name="side" value={side} options={options(ROTATION_SIDES, ROTATION_TEXT.side)} onChange={(e) => setSide(e.target.value as typeof side)} error={f.side} />
            <Select label={T.weighting} name="weighting" value={weighting} options={options(ROTATION_WEIGHTINGS, ROTATION_TEXT.weighting)} onChange={(e) => setWeighting(e.target.value as typeof weighting)} error={f.weighting} />
            <Input label={T.buffer} name="buffer" inputMode="numeric" value={buffer} onChange={(e) => setBuffer(e.target.value)} error={f.buffer} />
          </div>

          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">{T.floors}</legend>
            <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
              <input type="checkbox" name="floors_on" checked={floorsOn} onChange={(e) => setFloorsOn(e.target.checked)} className="size-4 accent-blue-600" />
              {T.floorsOn}
            </label>
            {floorsOn && (
              <div className="grid gap-3 sm:grid-cols-3">
                <Input label={T.minPrice} name="min_price" inputMode="decimal" value={minPrice} onChange={(e) => setMinPrice(e.target.value)} error={f['floors.min_price']} />
                <Input label={T.minDollarVolume} name="min_dollar_volume" inputMode="decimal" value={minDollarVolume} onChange={(e) => setMinDollarVolume(e.target.value)} error={f['floors.min_dollar_volume']} />
                <Input label={T.window} name="floors_window" inputMode="numeric" value={window} onChange={(e) => setWindow(e.target.value)} error={f['floors.window']} />
              </div>
            )}
          </fieldset>

          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">{T.costs}</legend>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <Input label={T.cash} name="cash" inputMode="decimal" value={cash} onChange={(e) => setCash(e.target.value)} error={f.cash} />
              <Input label={T.commission} name="commission" inputMode="decimal" value={commission} onChange={(e) => setCommission(e.target.value)} error={f.commission} />
              <Input label={T.commissionFixed} name="commission_fixed" inputMode="decimal" value={commissionFixed} onChange={(e) => setCommissionFixed(e.target.value)} error={f.commission_fixed} />
              <Input label={T.spread} name="spread" inputMode="decimal" value={spread} onChange={(e) => setSpread(e.target.value)} error={f.spread} />
            </div>
          </fieldset>

          <div className="grid gap-3 sm:grid-cols-2">
            <Select label={T.template} name="template" value={templateId ?? ''} placeholder={T.noTemplate} options={templates.map((t) => ({ value: t.id, label: t.name }))} onChange={(e) => setTemplateId(e.target.value ? Number(e.target.value) : null)} error={f.template_id} />
            <Input label={T.benchmark} name="benchmark" value={benchmark} placeholder="SPY" hint={T.benchmarkHint} onChange={(e) => setBenchmark(e.target.value)} error={f.benchmark} />
          </div>

          <Button type="submit" loading={start.isPending}>{T.start_run}</Button>
        </form>
      </CardBody>
    </Card>
  );
}
