import { useMemo, useState, type FormEvent } from 'react';
import {
  INDICATOR_NAMES,
  INDICATOR_SPECS,
  indicatorFormErrors,
  type Indicator,
  type IndicatorCreateBody,
  type IndicatorErrorKey,
  type IndicatorName,
} from '@app/contract';
import { describeCondition, paramRangeText, SPEC_INDICATOR_NAMES, type OutputSpec } from '@app/quant';
import { Alert, Button, Input, Select } from '../../../components/index.ts';
import { useCreateIndicator } from '../api.ts';
import { fieldErrors, indicatorCreateError } from '../errors.ts';
import {
  blocksOf, initialRow, newGroup, numberSpec, OPERATOR_OPTIONS, operandFor, PRICE_OPTIONS, RIGHT_LABELS, rightKinds, rightOf,
  shownNumbers, showsOutput, SIDE_TYPES, SIDE_WORDS, valuesOf, type OperandState, type RowState, type TemplateSide,
} from '../rowBuilder.ts';
import { TEMPLATE_TEXT } from '../texts.ts';

// the spec's five by their short names (as before), the others by the name traders know them by
const NAME_OPTIONS = INDICATOR_NAMES.map((n) => ({ value: n, label: (SPEC_INDICATOR_NAMES as readonly string[]).includes(n) ? INDICATOR_SPECS[n].short : INDICATOR_SPECS[n].label }));
const outputOptions = (name: string) =>
  ((INDICATOR_SPECS[name as IndicatorName]?.outputs ?? []) as readonly OutputSpec[]).map((o) => ({ value: o.name, label: o.label }));

/** The indicator form: the indicator, its output and parameters (the registry's fields and ranges),
 *  what it is compared with (a number, a price, or another indicator with its own output and
 *  parameters), the operator, and for a side that has rows already, which block (OR group) it joins.
 *  The row reads back in words as it is typed. Calls onDone after the row was created. */
export function IndicatorForm({ templateId, side, rows, onDone, onCancel }: {
  templateId: number; side: TemplateSide; rows: readonly Indicator[]; onDone: () => void; onCancel: () => void;
}) {
  const [state, setState] = useState<RowState>(() => initialRow(side, blocksOf(rows, SIDE_TYPES[side][0])[0]?.group ?? 0));
  const [touched, setTouched] = useState<Partial<Record<string, boolean>>>({});
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const create = useCreateIndicator();

  const values = useMemo(() => valuesOf(state), [state]);
  const errors = useMemo(() => indicatorFormErrors(values) as Record<string, string | undefined>, [values]);
  const valid = Object.keys(errors).length === 0;
  const right = rightOf(state);
  const preview = useMemo(() => {
    if (!valid) return null;
    try {
      return describeCondition(values as Parameters<typeof describeCondition>[0]);
    } catch {
      return null;
    }
  }, [valid, values]);

  const clearServer = (key: string) => setServerFields((e) => ({ ...e, [key]: '' }));
  const set = (field: keyof RowState, value: string) => {
    setState((s) => {
      const next = { ...s, [field]: value };
      if (field === 'name') Object.assign(next, operandFor(value), { indicator_type: s.indicator_type, compare: s.compare });
      if (field === 'indicator_type') next.group = String(blocksOf(rows, value)[0]?.group ?? s.group);
      return next;
    });
    setTouched((t) => ({ ...t, [field]: true }));
    clearServer(field);
  };
  const setAgainst = (field: keyof OperandState, value: string) => {
    setState((s) => ({ ...s, against: field === 'name' ? operandFor(value) : { ...s.against, [field]: value } }));
    setTouched((t) => ({ ...t, [`against.${field}`]: true }));
    clearServer(`against.${field}`);
  };
  const touch = (key: string) => setTouched((t) => ({ ...t, [key]: true }));
  // Why Add is disabled, before the fields are touched (the touched ones say it beside themselves).
  const pending = Object.entries(errors).filter(([f]) => !touched[f]).map(([, m]) => m);
  const errorOf = (key: string) => (touched[key] ? errors[key] : undefined) || serverFields[key] || undefined;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid || create.isPending) return;
    const body: IndicatorCreateBody = { template: templateId, ...values };
    create.mutate(body, {
      onSuccess: () => onDone(),
      onError: (err) => setServerFields(fieldErrors(err)),
    });
  };

  const blocks = blocksOf(rows, state.indicator_type);
  const fresh = newGroup(rows);
  const serverNamedAField = Object.values(serverFields).some(Boolean);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={TEMPLATE_TEXT.indicatorFormTitle} className="grid gap-4 sm:grid-cols-2">
      <Select
        label="Type"
        name="indicator_type"
        value={state.indicator_type}
        options={SIDE_TYPES[side].map((t) => ({ value: t, label: SIDE_WORDS[t] }))}
        onChange={(e) => set('indicator_type', e.target.value)}
        error={errorOf('indicator_type')}
      />
      {blocks.length > 0 && (
        <Select
          label="Block"
          name="group"
          value={state.group}
          hint={TEMPLATE_TEXT.blockHint}
          options={[
            ...blocks.map((b, i) => ({ value: String(b.group), label: `Block ${i + 1} (all of its rows)` })),
            ...(fresh <= 99 ? [{ value: String(fresh), label: `New block ${blocks.length + 1} (or)` }] : []),
          ]}
          onChange={(e) => set('group', e.target.value)}
          error={errorOf('group')}
        />
      )}
      <Select
        label="Indicator"
        name="name"
        value={state.name}
        placeholder="Select an indicator"
        options={NAME_OPTIONS}
        onChange={(e) => set('name', e.target.value)}
        onBlur={() => touch('name')}
        error={errorOf('name')}
        autoFocus
      />
      <OperandInputs operand={state} keyPrefix="" errorOf={errorOf} onChange={(f, v) => set(f, v)} onBlur={touch} />
      <Select
        label="Comparison"
        name="compare"
        value={state.compare}
        placeholder="Select operator"
        options={[...OPERATOR_OPTIONS]}
        onChange={(e) => set('compare', e.target.value)}
        onBlur={() => touch('compare')}
        error={errorOf('compare')}
      />
      <Select
        label="Compared with"
        name="right"
        value={right}
        options={rightKinds(state).map((k) => ({ value: k, label: RIGHT_LABELS[k] }))}
        onChange={(e) => set('right', e.target.value)}
      />
      {right === 'number' && (
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
      {right === 'price' && (
        <Select
          label="Price"
          name="cprice"
          value={state.cprice}
          options={[...PRICE_OPTIONS]}
          onChange={(e) => set('cprice', e.target.value)}
          error={errorOf('cprice')}
        />
      )}
      {right === 'indicator' && (
        <fieldset aria-label="Compared with indicator" className="grid gap-4 rounded-md border border-slate-200 p-3 sm:col-span-2 sm:grid-cols-2 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-300">Compared with</legend>
          <Select
            label="Indicator"
            name="against.name"
            value={state.against.name}
            placeholder="Select an indicator"
            options={NAME_OPTIONS}
            onChange={(e) => setAgainst('name', e.target.value)}
            onBlur={() => touch('against.name')}
            error={errorOf('against.name') ?? errorOf('against')}
          />
          <OperandInputs operand={state.against} keyPrefix="against." errorOf={errorOf} onChange={(f, v) => setAgainst(f, v)} onBlur={touch} />
        </fieldset>
      )}
      {preview && (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm break-words sm:col-span-2 dark:bg-slate-800" data-testid="condition-preview">
          <span className="text-slate-500 dark:text-slate-400">{state.indicator_type} when </span>
          <span className="font-mono font-medium">{preview}</span>
        </p>
      )}
      {create.isError && !serverNamedAField && (
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

/** An operand's output (for a many-line indicator) and its numeric parameters, each with the
 *  registry's range as its hint; `keyPrefix` names the error keys ('against.period'). */
function OperandInputs({ operand, keyPrefix, errorOf, onChange, onBlur }: {
  operand: OperandState;
  keyPrefix: '' | 'against.';
  errorOf: (key: string) => string | undefined;
  onChange: (field: keyof OperandState, value: string) => void;
  onBlur: (key: string) => void;
}) {
  const key = (f: string) => `${keyPrefix}${f}` as IndicatorErrorKey;
  return (
    <>
      {showsOutput(operand.name) && (
        <Select
          label="Output"
          name={key('output')}
          value={operand.output}
          options={outputOptions(operand.name)}
          onChange={(e) => onChange('output', e.target.value)}
          error={errorOf(key('output'))}
        />
      )}
      {shownNumbers(operand.name).map((f) => {
        const { label, spec } = numberSpec(operand.name, f);
        return (
          <Input
            key={f}
            label={label}
            name={key(f)}
            inputMode={spec && !spec.integer ? 'decimal' : 'numeric'}
            min={spec?.min ?? 0}
            max={spec?.max}
            step={spec && !spec.integer ? 'any' : 1}
            value={operand[f]}
            hint={spec ? paramRangeText(spec) : undefined}
            onChange={(e) => onChange(f, e.target.value)}
            onBlur={() => onBlur(key(f))}
            error={errorOf(key(f))}
            className="tabular-nums"
          />
        );
      })}
    </>
  );
}
