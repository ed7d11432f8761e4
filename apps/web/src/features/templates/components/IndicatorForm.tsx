import { useMemo, useState, type FormEvent } from 'react';
import {
  COMPARE_OPS,
  CPRICES,
  INDICATOR_DEFAULTS,
  INDICATOR_FIELDS,
  INDICATOR_SPECS,
  INDICATOR_NAMES,
  INDICATOR_TYPES,
  indicatorFormErrors,
  type IndicatorCreateBody,
  type IndicatorField,
  type IndicatorFormValues,
  type IndicatorName,
} from '@app/contract';
import { describeCondition } from '@app/quant';
import { Alert, Button, Input, Select } from '../../../components/index.ts';
import { useCreateIndicator } from '../api.ts';
import { fieldErrors, indicatorCreateError } from '../errors.ts';
import { TEMPLATE_TEXT } from '../texts.ts';

type FormState = Record<Extract<IndicatorField, 'name' | 'indicator_type' | 'period' | 'drift' | 'offset' | 'length' | 'compare' | 'cvalue' | 'cprice'>, string>;

const initialState = (): FormState => ({
  name: '',
  indicator_type: INDICATOR_DEFAULTS.indicator_type,
  period: String(INDICATOR_DEFAULTS.period),
  drift: String(INDICATOR_DEFAULTS.drift),
  offset: String(INDICATOR_DEFAULTS.offset),
  length: String(INDICATOR_DEFAULTS.length),
  compare: '',
  cvalue: String(INDICATOR_DEFAULTS.cvalue),
  cprice: INDICATOR_DEFAULTS.cprice,
});

const NUMBER_FIELDS = [
  { key: 'period', label: 'Period' },
  { key: 'drift', label: 'Drift' },
  { key: 'length', label: 'Length' },
  { key: 'offset', label: 'Offset' },
] as const;

const NAME_LABELS = Object.fromEntries(INDICATOR_NAMES.map((n) => [n, INDICATOR_SPECS[n].short])) as Record<IndicatorName, string>;

/** The values the server gets: the chosen indicator's inputs only (spec §5); the rest take defaults. */
function valuesOf(s: FormState): IndicatorFormValues {
  const shown = INDICATOR_FIELDS[s.name as IndicatorName];
  const v: IndicatorFormValues = { name: s.name, indicator_type: s.indicator_type, compare: s.compare };
  if (!shown) return v;
  for (const f of ['period', 'drift', 'length', 'offset', 'cvalue', 'cprice'] as const) if (shown[f]) v[f] = s[f];
  return v;
}

/** The indicator form (spec §4, §5): inputs per indicator, defaults, the spec's messages, submit
 *  disabled until valid. Calls onDone after the indicator was created (the dialog closes). */
export function IndicatorForm({ templateId, onDone, onCancel }: { templateId: number; onDone: () => void; onCancel: () => void }) {
  const [state, setState] = useState<FormState>(initialState);
  const [touched, setTouched] = useState<Partial<Record<IndicatorField, boolean>>>({});
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const create = useCreateIndicator();

  const values = useMemo(() => valuesOf(state), [state]);
  const errors = useMemo(() => indicatorFormErrors(values), [values]);
  const valid = Object.keys(errors).length === 0;
  const shown = INDICATOR_FIELDS[state.name as IndicatorName];
  const preview = valid ? describeCondition(values as Parameters<typeof describeCondition>[0]) : null;

  const set = (field: IndicatorField, value: string) => {
    setState((s) => ({ ...s, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
    setServerFields((e) => ({ ...e, [field]: '' }));
  };
  const touch = (field: IndicatorField) => setTouched((t) => ({ ...t, [field]: true }));
  // Why Add is disabled, before the fields are touched (the touched ones say it beside themselves).
  const pending = Object.entries(errors).filter(([f]) => !touched[f as IndicatorField]).map(([, m]) => m);
  const errorOf = (field: IndicatorField) => (touched[field] ? errors[field] : undefined) || serverFields[field] || undefined;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid || create.isPending) return;
    const body: IndicatorCreateBody = { template: templateId, ...values };
    create.mutate(body, {
      onSuccess: () => onDone(),
      onError: (err) => setServerFields(fieldErrors(err)),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={TEMPLATE_TEXT.indicatorFormTitle} className="grid gap-4 sm:grid-cols-2">
      <Select
        label="Indicator"
        name="name"
        value={state.name}
        placeholder="Select an indicator"
        options={INDICATOR_NAMES.map((n) => ({ value: n, label: NAME_LABELS[n] }))}
        onChange={(e) => set('name', e.target.value)}
        onBlur={() => touch('name')}
        error={errorOf('name')}
        autoFocus
      />
      <Select
        label="Type"
        name="indicator_type"
        value={state.indicator_type}
        options={INDICATOR_TYPES.map((t) => ({ value: t, label: t }))}
        onChange={(e) => set('indicator_type', e.target.value)}
        error={errorOf('indicator_type')}
      />
      {NUMBER_FIELDS.filter((f) => shown?.[f.key]).map((f) => (
        <Input
          key={f.key}
          label={f.label}
          name={f.key}
          type="number"
          inputMode="numeric"
          min={f.key === 'offset' ? 0 : 1}
          step={1}
          value={state[f.key]}
          onChange={(e) => set(f.key, e.target.value)}
          onBlur={() => touch(f.key)}
          error={errorOf(f.key)}
          className="tabular-nums"
        />
      ))}
      <Select
        label="Comparison"
        name="compare"
        value={state.compare}
        placeholder="Select operator"
        options={COMPARE_OPS.map((o) => ({ value: o, label: o }))}
        onChange={(e) => set('compare', e.target.value)}
        onBlur={() => touch('compare')}
        error={errorOf('compare')}
      />
      {shown?.cvalue && (
        <Input
          label="Compare value"
          name="cvalue"
          inputMode="decimal"
          value={state.cvalue}
          onChange={(e) => set('cvalue', e.target.value)}
          onBlur={() => touch('cvalue')}
          error={errorOf('cvalue')}
          hint={state.name === 'RSI' ? '0 to 100' : undefined}
          className="tabular-nums"
        />
      )}
      {shown?.cprice && (
        <Select
          label="Price"
          name="cprice"
          value={state.cprice}
          options={CPRICES.map((p) => ({ value: p, label: 'Close' }))}
          onChange={(e) => set('cprice', e.target.value)}
          error={errorOf('cprice')}
        />
      )}
      {preview && (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm sm:col-span-2 dark:bg-slate-800" data-testid="condition-preview">
          <span className="text-slate-500 dark:text-slate-400">{state.indicator_type} when </span>
          <span className="font-mono font-medium">{preview}</span>
        </p>
      )}
      {create.isError && (
        <Alert tone="error" className="sm:col-span-2">
          {indicatorCreateError(create.error)}
        </Alert>
      )}
      <div className="flex flex-wrap items-center justify-end gap-2 sm:col-span-2">
        {pending.length > 0 && (
          <p id="indicator-form-pending" className="mr-auto min-w-0 text-sm text-slate-500 dark:text-slate-400" data-testid="indicator-form-pending">
            {pending.join(' · ')}
          </p>
        )}
        <Button variant="secondary" onClick={onCancel}>
          {TEMPLATE_TEXT.cancel}
        </Button>
        <Button type="submit" disabled={!valid} loading={create.isPending} aria-describedby={pending.length > 0 ? 'indicator-form-pending' : undefined}>
          {TEMPLATE_TEXT.submitIndicator}
        </Button>
      </div>
    </form>
  );
}
