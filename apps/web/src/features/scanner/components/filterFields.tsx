import type { ComponentType } from 'react';
import {
  BB_BAND_LABELS,
  FA_METRICS,
  indicatorParamList,
  indicatorRangeParams,
  isIndicatorRangeType,
  FA_PERIOD_TYPES,
  INSTR_TYPES,
  OHLC_OFFSETS,
  parseNumberInput,
  readPercentInput,
  SCANNER_LIMITS,
  SCANNER_MARKETS,
  SCANNER_SECTORS,
  type BbBand,
  type FaDirection,
  type IndicatorRangeType,
  type FaMetric,
  type FaOperator,
  type FaPeriodType,
  type FilterRowOf,
  type FilterType,
  type OhlcComparison,
  type OhlcField,
  type PerformanceOperator,
  type RangeOperator,
} from '@app/contract';
import { Select } from '../../../components/index.ts';
import { boundedValue, periodOnBlur, VALUE_BOUNDS, type BoundedType } from '../filterRows.ts';
import {
  FA_DIRECTION_LABELS,
  FA_METRIC_LABELS,
  FA_OPERATOR_LABELS,
  FA_PERIOD_TYPE_LABELS,
  OHLC_COMPARISON_LABELS,
  OHLC_FIELD_LABELS,
  offsetLabel,
  options,
  PERFORMANCE_OPERATOR_LABELS,
  plainOptions,
  RANGE_OPERATOR_LABELS,
} from '../labels.ts';
import { NumberInput } from './NumberInput.tsx';

// The inputs of each filter type (spec §2, §5, §9), one component per shape of row, and the table
// that picks the component for a row's type.

/** A row's inputs: the row, and the row to store after an edit (same type, new values). */
export interface FieldsProps<R> {
  row: R;
  // method syntax: a component for several types fits each type's slot in FILTER_FIELDS
  onChange(row: R): void;
}

const cell = 'w-full sm:w-auto sm:min-w-32';
const small = 'w-[calc(50%-0.375rem)] sm:w-36';
const periodTypeOptions = FA_PERIOD_TYPES.map((p) => ({ value: p, label: FA_PERIOD_TYPE_LABELS[p] }));
const metricOptions = FA_METRICS.map((m) => ({ value: m, label: FA_METRIC_LABELS[m] }));

/** A whole-number period, clamped when the input loses focus. */
function PeriodInput({ label, value, kind, min, max, onValue }: { label: string; value: number; kind: 'ta' | 'macd' | 'faTrend'; min: number; max?: number; onValue: (v: number) => void }) {
  return (
    <NumberInput
      label={label}
      value={value}
      integer
      min={min}
      max={max}
      commit={(t) => periodOnBlur(kind, t, value)}
      onValue={(v) => v !== null && onValue(v)}
      className={small}
    />
  );
}

const TaPeriod = ({ value, onValue }: { value: number; onValue: (v: number) => void }) => (
  <PeriodInput label="Period" value={value} kind="ta" min={SCANNER_LIMITS.taPeriod.min} max={SCANNER_LIMITS.taPeriod.max} onValue={onValue} />
);

/** A value held inside its filter type's bounds (spec §5). */
function BoundedInput({ type, label, value, onValue }: { type: BoundedType; label: string; value: number | null; onValue: (v: number | null) => void }) {
  return <NumberInput label={label} value={value} min={VALUE_BOUNDS[type].min} max={VALUE_BOUNDS[type].max} parse={(t) => boundedValue(t, type)} onValue={onValue} className={small} />;
}

/** Price, volume, market cap, RSI, average volume and the oscillators: at least, at most or between,
 *  and the TA period where the filter has one. */
function RangeFields({ row, onChange }: FieldsProps<FilterRowOf<'price' | 'volume' | 'market_cap' | 'rsi' | 'vol_avg' | IndicatorRangeType>>) {
  return (
    <>
      <Select label="Operator" value={row.operator} options={options(RANGE_OPERATOR_LABELS)} onChange={(e) => onChange({ ...row, operator: e.target.value as RangeOperator })} wrapperClassName={cell} />
      <BoundedInput type={row.type} label={row.operator === 'between' ? 'From' : 'Value'} value={row.value1} onValue={(value1) => onChange({ ...row, value1 })} />
      {row.operator === 'between' && <BoundedInput type={row.type} label="To" value={row.value2} onValue={(value2) => onChange({ ...row, value2 })} />}
      {'period' in row && <TaPeriod value={row.period} onValue={(period) => onChange({ ...row, period })} />}
      {isIndicatorRangeType(row.type) && <IndicatorParams row={row as FilterRowOf<IndicatorRangeType>} onChange={onChange} />}
    </>
  );
}

/** The indicator's parameters a filter may set (ADX, %B, Stochastic), as the chart names and bounds
 *  them; each is brought inside its bounds when the field is left. */
function IndicatorParams({ row, onChange }: FieldsProps<FilterRowOf<IndicatorRangeType>>) {
  const values = indicatorParamList(row.type, row.params);
  return indicatorRangeParams(row.type).map((p, i) => (
    <NumberInput
      key={p.field}
      label={p.label}
      value={values[i]}
      integer={p.integer}
      min={p.min}
      max={p.max}
      commit={(t) => {
        const v = parseNumberInput(t);
        if (v === null) return values[i];
        return Math.min(p.max, Math.max(p.min, p.integer ? Math.round(v) : v));
      }}
      onValue={(v) => v !== null && onChange({ ...row, params: values.map((x, k) => (k === i ? v : x)) })}
      className={small}
    />
  ));
}

/** % change: at least or at most a percentage (-100 to 1000, 2 decimals). */
function ChangeFields({ row, onChange }: FieldsProps<FilterRowOf<'chg'>>) {
  return (
    <>
      <Select label="Operator" value={row.operator} options={options(PERFORMANCE_OPERATOR_LABELS)} onChange={(e) => onChange({ ...row, operator: e.target.value as PerformanceOperator })} wrapperClassName={cell} />
      <NumberInput
        label="% Change"
        value={row.value1}
        parse={(t) => readPercentInput(t).value}
        validate={(t) => readPercentInput(t).error}
        onValue={(value1) => onChange({ ...row, value1 })}
        className="w-full sm:w-48"
      />
    </>
  );
}

/** Bollinger Bands: the last close above the upper band or below the lower one. */
function BbBandField({ row, onChange }: FieldsProps<FilterRowOf<'bb_band'>>) {
  return (
    <Select label="Position" value={row.band} options={options(BB_BAND_LABELS)} onChange={(e) => onChange({ ...row, band: e.target.value as BbBand })} wrapperClassName={cell} />
  );
}

/** Market, sector and instrument type: one of a list. */
const CHOICES = {
  market: { label: 'Market', values: SCANNER_MARKETS },
  sector: { label: 'Sector', values: SCANNER_SECTORS },
  instr_type: { label: 'Instrument', values: INSTR_TYPES },
} as const;
function ChoiceField({ row, onChange }: FieldsProps<FilterRowOf<'market' | 'sector' | 'instr_type'>>) {
  const { label, values } = CHOICES[row.type];
  return (
    <Select
      label={label}
      value={row.value}
      options={plainOptions(values)}
      onChange={(e) => onChange({ ...row, value: e.target.value } as typeof row)} // one of `values`: the select offers no other
      wrapperClassName={cell}
    />
  );
}

/** SMA, EMA and Trendfinder: the indicator at or above (below) the price, its period, and the multiplier. */
function PriceCrossFields({ row, onChange }: FieldsProps<FilterRowOf<'sma' | 'ema' | 'st'>>) {
  const name = row.type === 'st' ? 'Trendfinder' : `${row.type.toUpperCase()}(${row.period})`;
  const { min, max } = SCANNER_LIMITS.stMultiplier;
  return (
    <>
      <Select
        label="Condition"
        value={row.operator}
        options={[
          { value: 'gte', label: `${name} ≥ Price` },
          { value: 'lte', label: `${name} ≤ Price` },
        ]}
        onChange={(e) => onChange({ ...row, operator: e.target.value as PerformanceOperator })}
        wrapperClassName={cell}
      />
      <TaPeriod value={row.period} onValue={(period) => onChange({ ...row, period })} />
      {row.type === 'st' && (
        <NumberInput
          label="Multiplier"
          value={row.multiplier}
          min={min}
          max={max}
          commit={(t) => {
            const v = parseNumberInput(t);
            return v === null ? row.multiplier : Math.min(max, Math.max(min, v));
          }}
          onValue={(multiplier) => multiplier !== null && onChange({ ...row, multiplier })}
          className={small}
        />
      )}
    </>
  );
}

/** MACD above or below its signal, with its three periods. */
function MacdFields({ row, onChange }: FieldsProps<FilterRowOf<'macd'>>) {
  const period = (key: 'fast' | 'slow' | 'signal', label: string) => (
    <PeriodInput label={label} value={row[key]} kind="macd" min={SCANNER_LIMITS.macdPeriod.min} onValue={(v) => onChange({ ...row, [key]: v })} />
  );
  return (
    <>
      <Select
        label="Condition"
        value={row.aboveSignal ? 'above' : 'below'}
        options={[
          { value: 'above', label: 'MACD above signal' },
          { value: 'below', label: 'MACD below signal' },
        ]}
        onChange={(e) => onChange({ ...row, aboveSignal: e.target.value === 'above' })}
        wrapperClassName={cell}
      />
      {period('fast', 'Fast')}
      {period('slow', 'Slow')}
      {period('signal', 'Signal')}
    </>
  );
}

/** Today's open, high, low or close against another of them, today or up to 7 days earlier. */
function OhlcFields({ row, onChange }: FieldsProps<FilterRowOf<'price_compare'>>) {
  return (
    <>
      <Select label="Today's" value={row.currentField} options={options(OHLC_FIELD_LABELS)} onChange={(e) => onChange({ ...row, currentField: e.target.value as OhlcField })} wrapperClassName={small} />
      <Select label="Comparison" value={row.comparison} options={options(OHLC_COMPARISON_LABELS)} onChange={(e) => onChange({ ...row, comparison: e.target.value as OhlcComparison })} wrapperClassName={small} />
      <Select label="Compared with" value={row.compareField} options={options(OHLC_FIELD_LABELS)} onChange={(e) => onChange({ ...row, compareField: e.target.value as OhlcField })} wrapperClassName={small} />
      <Select
        label="Of"
        value={row.offset}
        options={OHLC_OFFSETS.map((o) => ({ value: o, label: offsetLabel(o) }))}
        onChange={(e) => onChange({ ...row, offset: Number(e.target.value) })}
        wrapperClassName={small}
      />
    </>
  );
}

/** A fundamental metric rising (falling) for 2 to 5 periods in a row. */
function TrendFields({ row, onChange }: FieldsProps<FilterRowOf<'financial_trend'>>) {
  const { min, max } = SCANNER_LIMITS.faPeriods;
  return (
    <>
      <Select label="Metric" value={row.metric} options={metricOptions} onChange={(e) => onChange({ ...row, metric: e.target.value as FaMetric })} wrapperClassName={cell} />
      <Select label="Periods of" value={row.periodType} options={periodTypeOptions} onChange={(e) => onChange({ ...row, periodType: e.target.value as FaPeriodType })} wrapperClassName={small} />
      <Select label="Direction" value={row.direction} options={options(FA_DIRECTION_LABELS)} onChange={(e) => onChange({ ...row, direction: e.target.value as FaDirection })} wrapperClassName={small} />
      <PeriodInput label="Consecutive periods" value={row.periods} kind="faTrend" min={min} max={max} onValue={(periods) => onChange({ ...row, periods })} />
    </>
  );
}

/** A fundamental metric's latest value against a number. */
function FaCompareFields({ row, onChange }: FieldsProps<FilterRowOf<'fa_compare'>>) {
  return (
    <>
      <Select label="Metric" value={row.metric} options={metricOptions} onChange={(e) => onChange({ ...row, metric: e.target.value as FaMetric })} wrapperClassName={cell} />
      <Select label="Operator" value={row.operator} options={options(FA_OPERATOR_LABELS)} onChange={(e) => onChange({ ...row, operator: e.target.value as FaOperator })} wrapperClassName={small} />
      <BoundedInput type="fa_compare" label="Value" value={row.value} onValue={(value) => onChange({ ...row, value })} />
      <Select label="Latest" value={row.periodType} options={periodTypeOptions} onChange={(e) => onChange({ ...row, periodType: e.target.value as FaPeriodType })} wrapperClassName={small} />
    </>
  );
}

/** The inputs of each filter type. */
export const FILTER_FIELDS: { [T in FilterType]: ComponentType<FieldsProps<FilterRowOf<T>>> } = {
  price: RangeFields,
  volume: RangeFields,
  market_cap: RangeFields,
  rsi: RangeFields,
  vol_avg: RangeFields,
  bb_pctb: RangeFields,
  stoch: RangeFields,
  adx: RangeFields,
  cci: RangeFields,
  roc: RangeFields,
  willr: RangeFields,
  bb_band: BbBandField,
  chg: ChangeFields,
  market: ChoiceField,
  sector: ChoiceField,
  instr_type: ChoiceField,
  sma: PriceCrossFields,
  ema: PriceCrossFields,
  st: PriceCrossFields,
  macd: MacdFields,
  price_compare: OhlcFields,
  financial_trend: TrendFields,
  fa_compare: FaCompareFields,
};

/** The inputs component for a row's type (typed for that row). */
export const fieldsFor = <T extends FilterType>(type: T): ComponentType<FieldsProps<FilterRowOf<T>>> => FILTER_FIELDS[type];
