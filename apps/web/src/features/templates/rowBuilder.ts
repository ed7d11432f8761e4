// The template builder's model: what a row's form holds, which inputs it shows for the chosen
// indicator (from quant's registry, through the contract's INDICATOR_FIELDS), and the body it sends.
// Kept apart from the React form so the rules can be tested without a browser.
import { INDICATOR_DEFAULTS, INDICATOR_FIELDS, INDICATOR_NAMES, parseNumberInput, type Indicator, type IndicatorFormValues, type IndicatorName, type IndicatorOperand } from '@app/contract';
import { defaultOutput, INDICATOR_SPECS, indicatorSpec, isPriceLike, MIRRORED_OPS, paramSpec, toCompareOp, type OutputSpec, type ParamSpec } from '@app/quant';
import { SIDE_TYPES, type TemplateSide } from '../../lib/templateSides.ts';

export { blocksOf, newGroup, sideOfRows, SIDE_TYPES, SIDE_WORDS, type TemplateSide } from '../../lib/templateSides.ts';

/** The operators, in a trader's words (the values are what the API stores). */
export const OPERATOR_OPTIONS = [
  { value: '>', label: '>' },
  { value: '<', label: '<' },
  { value: '=', label: '=' },
  { value: '≥', label: '≥' },
  { value: '≤', label: '≤' },
  { value: 'crosses_above', label: 'crosses above' },
  { value: 'crosses_below', label: 'crosses below' },
] as const;

export const PRICE_OPTIONS = [
  { value: 'CLOSE', label: 'Close' },
  { value: 'OPEN', label: 'Open' },
  { value: 'HIGH', label: 'High' },
  { value: 'LOW', label: 'Low' },
] as const;

/** The numeric inputs of an operand, in the order the form shows them. */
export const OPERAND_NUMBERS = ['period', 'drift', 'length', 'fast', 'slow', 'signal', 'stddev', 'k_smooth', 'd_period', 'offset'] as const;
export type OperandNumber = (typeof OPERAND_NUMBERS)[number];

/** One side of a comparison as typed: the indicator, its output and its parameters (strings). */
export type OperandState = { name: string; output: string } & Record<OperandNumber, string>;

/** What the right-hand side is: a number, a price of the same bar, or another indicator. */
export type RightKind = 'number' | 'price' | 'indicator';
export const RIGHT_LABELS: Record<RightKind, string> = { number: 'A number', price: 'A price', indicator: 'Another indicator' };

/** What the left-hand side is: an indicator (the row's own), or a price of the bar ("Close crosses
 *  below BB lower"), which is then compared with an indicator drawn on the price. */
export type LeftKind = 'indicator' | 'price';
export const LEFT_LABELS: Record<LeftKind, string> = { indicator: 'An indicator', price: 'A price' };

export interface RowState extends OperandState {
  left: LeftKind;
  /** the price on the left, when `left` is 'price' */
  lprice: string;
  indicator_type: string;
  compare: string;
  right: RightKind | '';
  cvalue: string;
  cprice: string;
  group: string;
  against: OperandState;
}

const name5 = (n: string): n is IndicatorName => indicatorSpec(n) !== undefined;

/** The operand with `name` picked: its output and every parameter at the indicator's default. */
export function operandFor(name: string): OperandState {
  const out: OperandState = {
    name, output: '', period: '', drift: '', length: '', fast: '', slow: '', signal: '', stddev: '', k_smooth: '', d_period: '', offset: String(INDICATOR_DEFAULTS.offset),
  };
  if (!name5(name)) return out;
  out.output = defaultOutput(name);
  for (const f of OPERAND_NUMBERS) {
    if (f === 'offset') continue;
    const p = paramSpec(name, f);
    const fallback = (INDICATOR_DEFAULTS as Record<string, unknown>)[f];
    out[f] = p ? String(p.default) : fallback !== undefined ? String(fallback) : '';
  }
  return out;
}

export const initialRow = (side: TemplateSide, group = 0, type: string = SIDE_TYPES[side][0]): RowState => ({
  ...operandFor(''),
  left: 'indicator',
  lprice: INDICATOR_DEFAULTS.cprice,
  indicator_type: type,
  compare: '',
  right: '',
  cvalue: String(INDICATOR_DEFAULTS.cvalue),
  cprice: INDICATOR_DEFAULTS.cprice,
  group: String(group),
  against: operandFor(''),
});

/** The numeric inputs the form shows for an operand (spec §5's for its five indicators). */
export function shownNumbers(name: string): OperandNumber[] {
  if (!name5(name)) return [];
  const shown = INDICATOR_FIELDS[name];
  return OPERAND_NUMBERS.filter((f) => shown[f]);
}

export const showsOutput = (name: string) => name5(name) && INDICATOR_FIELDS[name].output;

/** The label and bounds of a numeric input: the registry's for a parameter the indicator takes. */
export function numberSpec(name: string, f: OperandNumber): { label: string; spec: ParamSpec | undefined } {
  if (f === 'offset') return { label: 'Offset', spec: undefined };
  const p = name5(name) ? paramSpec(name, f) : undefined;
  const label = p?.label ?? f.charAt(0).toUpperCase() + f.slice(1);
  return { label, spec: p };
}

/** The right-hand sides a left side may have: a price-like line compares with a price, an
 *  oscillator with a number (ARCHITECTURE.md "Strategy language"); either with another indicator. */
export function rightKinds(s: Pick<OperandState, 'name' | 'output'>): RightKind[] {
  if (!name5(s.name)) return ['number', 'indicator'];
  return isPriceLike(s.name, s.output || defaultOutput(s.name)) ? ['price', 'indicator'] : ['number', 'indicator'];
}

/** The right-hand side in effect: the chosen one while the left side allows it, else its first; a
 *  price on the left is always compared with an indicator. */
export function rightOf(s: RowState): RightKind {
  if (s.left === 'price') return 'indicator';
  const kinds = rightKinds(s);
  return s.right && kinds.includes(s.right) ? s.right : kinds[0];
}

/** A number box as the API takes it: what the app's shared parser reads (1e2, 1,000, 2.5k) as a
 *  plain number; text it cannot read goes as typed, so the rules name its problem at the box. */
const numberText = (typed: string) => {
  const n = parseNumberInput(typed);
  return n === null ? typed : String(n);
};

function operandValues(o: OperandState): Record<string, string> {
  const v: Record<string, string> = { name: o.name };
  if (showsOutput(o.name)) v.output = o.output;
  for (const f of shownNumbers(o.name)) v[f] = numberText(o[f]);
  return v;
}

/** The indicators that draw a line on the price (what a price on the left may be compared with). */
export const PRICE_LINE_NAMES = INDICATOR_NAMES.filter((n) => (INDICATOR_SPECS[n].outputs as readonly OutputSpec[]).some((o) => o.priceLike));

/** An operand's outputs a form offers: all of them, or with a price on the left, the lines on the price. */
export function outputChoices(name: string, priceOnly: boolean): OutputSpec[] {
  if (!name5(name)) return [];
  return (INDICATOR_SPECS[name].outputs as readonly OutputSpec[]).filter((o) => !priceOnly || o.priceLike);
}

/** The values the server gets: the chosen indicator's inputs only (the rest take defaults), and the
 *  right-hand side picked. A price on the left is sent mirrored (the indicator on the left, the
 *  comparison reversed, the price as cprice) with price_left, which the engine runs on the same bars. */
export function valuesOf(s: RowState): IndicatorFormValues {
  const v: IndicatorFormValues = { ...operandValues(s), indicator_type: s.indicator_type, compare: s.compare };
  if (s.group !== '0') v.group = s.group;
  if (s.left === 'price') {
    const op = toCompareOp(s.compare);
    v.compare = op ? MIRRORED_OPS[op] : s.compare;
    v.cprice = s.lprice;
    v.price_left = true;
    return v;
  }
  const right = rightOf(s);
  if (right === 'indicator') v.against = operandValues(s.against);
  else if (right === 'price') v.cprice = s.cprice;
  else v.cvalue = numberText(s.cvalue);
  return v;
}


const operandState = (o: Pick<Indicator, 'name' | 'output'> & Partial<Record<OperandNumber, number>>): OperandState => {
  const out = operandFor(o.name);
  out.output = o.output;
  for (const f of OPERAND_NUMBERS) if (o[f] !== undefined) out[f] = String(o[f]);
  return out;
};

/** A stored row as the form shows it to be edited: as it was written (a price on the left back on
 *  the left, its comparison mirrored back). */
export function rowStateOf(row: Indicator): RowState {
  const base: RowState = { ...initialRow('long', row.group, row.indicator_type), ...operandState(row), compare: row.compare, group: String(row.group) };
  if (row.price_left) return { ...base, left: 'price', lprice: row.cprice, compare: MIRRORED_OPS[row.compare], right: 'indicator' };
  if (row.against) return { ...base, right: 'indicator', against: operandState(row.against as IndicatorOperand) };
  const right: RightKind = rightKinds(row).includes('price') ? 'price' : 'number';
  return { ...base, right, cprice: row.cprice, cvalue: row.cvalue };
}

/** A stored row's fields, as a create body takes them (a duplicate). */
export function rowFields(row: Indicator): IndicatorFormValues {
  const { id: _id, template: _template, ...fields } = row;
  return fields;
}
