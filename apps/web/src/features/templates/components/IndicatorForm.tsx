import { useMemo, useState, type FormEvent } from 'react';
import {
  INDICATOR_NAMES,
  INDICATOR_SPECS,
  indicatorFormErrors,
  type Indicator,
  type IndicatorCreateBody,
  type IndicatorUpdateBody,
  type IndicatorErrorKey,
  type IndicatorName,
} from '@app/contract';
import { describeCondition, paramRangeText, SPEC_INDICATOR_NAMES } from '@app/quant';
import { Alert, Button, Input, Select } from '../../../components/index.ts';
import { useCreateIndicator, useUpdateIndicator } from '../api.ts';
import { fieldErrors, indicatorCreateError, indicatorUpdateError } from '../errors.ts';
import {
  blocksOf, initialRow, LEFT_LABELS, newGroup, numberSpec, OPERATOR_OPTIONS, operandFor, outputChoices, PRICE_LINE_NAMES, PRICE_OPTIONS,
  RIGHT_LABELS, rightKinds, rightOf, rowStateOf, shownNumbers, showsOutput, SIDE_TYPES, SIDE_WORDS, valuesOf,
  type LeftKind, type OperandState, type RowState, type TemplateSide,
} from '../rowBuilder.ts';
import { TEMPLATE_TEXT } from '../texts.ts';

// the spec's five by their short names (as before), the others by the name traders know them by
const nameOption = (n: IndicatorName) => ({ value: n, label: (SPEC_INDICATOR_NAMES as readonly string[]).includes(n) ? INDICATOR_SPECS[n].short : INDICATOR_SPECS[n].label });
const NAME_OPTIONS = INDICATOR_NAMES.map(nameOption);
// a price on the left is compared with a line drawn on the price
const PRICE_LINE_OPTIONS = PRICE_LINE_NAMES.map(nameOption);
const outputOptions = (name: string, priceOnly: boolean) => outputChoices(name, priceOnly).map((o) => ({ value: o.name, label: o.label }));

/** Where a new row goes: its side and block (an "Add a row" of a block, an "Add an OR block"). */
export interface RowPlace {
  type: string;
  group: number;
}

/** The indicator form: what the left side is (an indicator, or a price compared with a line on the
 *  price), the indicator, its output and parameters (the registry's fields and ranges), what it is
 *  compared with (a number, a price, or another indicator with its own output and parameters), the
 *  operator, and for a side that has rows already, which block (OR group) it joins. The row reads back
 *  in words as it is typed. Adds a row (at `place`, else the side's first block), or with `editing`,
 *  shows that row as written and saves it in place. Calls onDone after the row was saved. */
export function IndicatorForm({ templateId, side, rows, place, editing, onDone, onCancel }: {
  templateId: number; side: TemplateSide; rows: readonly Indicator[]; place?: RowPlace; editing?: Indicator; onDone: () => void; onCancel: () => void;
}) {
  const [state, setState] = useState<RowState>(() =>
    editing ? rowStateOf(editing) : initialRow(side, place?.group ?? blocksOf(rows, SIDE_TYPES[side][0])[0]?.group ?? 0, place?.type),
  );
  const [touched, setTouched] = useState<Partial<Record<string, boolean>>>({});
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const create = useCreateIndicator();
  const update = useUpdateIndicator();
  const saving = editing ? update : create;
  const priceLeft = state.left === 'price';

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
      // a price on the left takes a line on the price: keep the indicator only where it draws one
      if ((field === 'name' || field === 'left') && next.left === 'price') {
        const lines = outputChoices(next.name, true);
        if (!lines.length) Object.assign(next, operandFor(''));
        else if (!lines.some((o) => o.name === next.output)) next.output = lines[0].name;
      }
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
    if (!valid || saving.isPending) return;
    const handlers = { onSuccess: () => onDone(), onError: (err: unknown) => setServerFields(fieldErrors(err)) };
    if (editing) update.mutate({ id: editing.id, body: values as IndicatorUpdateBody }, handlers);
    else create.mutate({ template: templateId, ...values } as IndicatorCreateBody, handlers);
  };

  const blocks = blocksOf(rows, state.indicator_type);
  const fresh = newGroup(rows);
  const newBlock = !blocks.some((b) => String(b.group) === state.group);
  const serverNamedAField = Object.values(serverFields).some(Boolean);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={editing ? TEMPLATE_TEXT.editFormTitle : TEMPLATE_TEXT.indicatorFormTitle} className="grid gap-4 sm:grid-cols-2">
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
            // a new block: the one an "Add an OR block" picked, or one above every group in use
            ...(newBlock ? [{ value: state.group, label: `New block ${blocks.length + 1} (or)` }] : fresh <= 99 ? [{ value: String(fresh), label: `New block ${blocks.length + 1} (or)` }] : []),
          ]}
          onChange={(e) => set('group', e.target.value)}
          error={errorOf('group')}
        />
      )}
      <Select
        label={TEMPLATE_TEXT.leftSide}
        name="left"
        value={state.left}
        options={(Object.keys(LEFT_LABELS) as LeftKind[]).map((k) => ({ value: k, label: LEFT_LABELS[k] }))}
        onChange={(e) => set('left', e.target.value)}
      />
      {priceLeft ? (
        <Select
          label={TEMPLATE_TEXT.leftPrice}
          name="lprice"
          value={state.lprice}
          options={[...PRICE_OPTIONS]}
          onChange={(e) => set('lprice', e.target.value)}
          error={errorOf('lprice') ?? errorOf('cprice')}
          autoFocus
        />
      ) : (
        <>
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
          <OperandInputs operand={state} keyPrefix="" priceOnly={false} errorOf={errorOf} onChange={(f, v) => set(f, v)} onBlur={touch} />
        </>
      )}
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
      {/* a price on the left faces an indicator: the fieldset below says so */}
      {!priceLeft && (
        <Select
          label="Compared with"
          name="right"
          value={right}
          options={rightKinds(state).map((k) => ({ value: k, label: RIGHT_LABELS[k] }))}
          onChange={(e) => set('right', e.target.value)}
        />
      )}
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
      {priceLeft && (
        <fieldset aria-label="Compared with indicator" className="grid gap-4 rounded-md border border-slate-200 p-3 sm:col-span-2 sm:grid-cols-2 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-300">Compared with</legend>
          <Select
            label="Indicator"
            name="name"
            value={state.name}
            placeholder="Select an indicator"
            options={PRICE_LINE_OPTIONS}
            onChange={(e) => set('name', e.target.value)}
            onBlur={() => touch('name')}
            error={errorOf('name')}
          />
          <OperandInputs operand={state} keyPrefix="" priceOnly errorOf={errorOf} onChange={(f, v) => set(f, v)} onBlur={touch} />
        </fieldset>
      )}
      {!priceLeft && right === 'indicator' && (
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
          <OperandInputs operand={state.against} keyPrefix="against." priceOnly={false} errorOf={errorOf} onChange={(f, v) => setAgainst(f, v)} onBlur={touch} />
        </fieldset>
      )}
      {preview && (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm break-words sm:col-span-2 dark:bg-slate-800" data-testid="condition-preview">
          <span className="text-slate-500 dark:text-slate-400">{state.indicator_type} when </span>
          <span className="font-mono font-medium">{preview}</span>
        </p>
      )}
      {saving.isError && !serverNamedAField && (
        <Alert tone="error" className="sm:col-span-2">
          {editing ? indicatorUpdateError(update.error) : indicatorCreateError(create.error)}
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
        <Button type="submit" disabled={!valid} loading={saving.isPending} aria-describedby={pending.length > 0 ? 'indicator-form-pending' : undefined}>
          {editing ? TEMPLATE_TEXT.submitEdit : TEMPLATE_TEXT.submitIndicator}
        </Button>
      </div>
    </form>
  );
}

/** An operand's output (for a many-line indicator) and its numeric parameters, each with the
 *  registry's range as its hint; `keyPrefix` names the error keys ('against.period'). */
function OperandInputs({ operand, keyPrefix, priceOnly, errorOf, onChange, onBlur }: {
  operand: OperandState;
  keyPrefix: '' | 'against.';
  /** offer only the outputs drawn on the price (a price on the left) */
  priceOnly: boolean;
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
          options={outputOptions(operand.name, priceOnly)}
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
