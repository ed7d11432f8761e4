import { Fragment, type ReactNode } from 'react';
import {
  FA_METRICS,
  FA_PERIOD_TYPES,
  FILTER_TYPES,
  INSTR_TYPES,
  OHLC_OFFSETS,
  percentageError,
  SCANNER_LIMITS,
  SCANNER_MARKETS,
  SCANNER_SECTORS,
  type FilterRow,
  type FilterType,
} from '@app/contract';
import { Button, CloseIcon, Select } from '../../../components/index.ts';
import { boundedValue, periodOnBlur, VALUE_BOUNDS, type BoundedType } from '../filterRows.ts';
import {
  FA_DIRECTION_LABELS,
  FA_METRIC_LABELS,
  FA_PERIOD_TYPE_LABELS,
  FA_OPERATOR_LABELS,
  OHLC_COMPARISON_LABELS,
  OHLC_FIELD_LABELS,
  offsetLabel,
  options,
  PERFORMANCE_OPERATOR_LABELS,
  plainOptions,
  RANGE_OPERATOR_LABELS,
} from '../labels.ts';
import { SCANNER_TEXT } from '../texts.ts';
import { NumberInput } from './NumberInput.tsx';

export interface FilterRowEditorProps {
  row: FilterRow;
  onChange: (row: FilterRow) => void;
  onChangeType: (type: FilterType) => void;
  onRemove: () => void;
}

const periodTypeOptions = FA_PERIOD_TYPES.map((p) => ({ value: p, label: FA_PERIOD_TYPE_LABELS[p] }));
const cell = 'w-full sm:w-auto sm:min-w-32';
const small = 'w-[calc(50%-0.375rem)] sm:w-36';

/** One filter: its type, then the inputs that type needs (spec §2, §5, §9), and a remove button. */
export function FilterRowEditor({ row, onChange, onChangeType, onRemove }: FilterRowEditorProps) {
  const typeLabel = FILTER_TYPES[row.category].find((t) => t.type === row.type)?.label ?? row.type;
  // Every edit keeps the row's type; a cast per field is enough since the switch below picks the shape.
  const set = (patch: Record<string, unknown>) => onChange({ ...row, ...patch } as FilterRow);
  const taPeriod = (value: number, label = 'Period') => (
    <NumberInput
      label={label}
      value={value}
      integer
      min={SCANNER_LIMITS.taPeriod.min}
      max={SCANNER_LIMITS.taPeriod.max}
      commit={(t) => periodOnBlur('ta', t, value)}
      onValue={(v) => set({ period: v })}
      className={small}
    />
  );
  const macdPeriod = (key: 'fast' | 'slow' | 'signal', label: string, value: number) => (
    <NumberInput label={label} value={value} integer min={SCANNER_LIMITS.macdPeriod.min} commit={(t) => periodOnBlur('macd', t, value)} onValue={(v) => set({ [key]: v })} className={small} />
  );
  const bounded = (type: BoundedType, key: 'value1' | 'value2' | 'value', label: string, value: number | null) => (
    <NumberInput
      label={label}
      value={value}
      min={VALUE_BOUNDS[type].min}
      max={VALUE_BOUNDS[type].max}
      parse={(t) => boundedValue(t, type)}
      onValue={(v) => set({ [key]: v })}
      className={small}
    />
  );

  let fields: ReactNode;
  switch (row.type) {
    case 'price':
    case 'volume':
    case 'market_cap':
    case 'rsi':
    case 'vol_avg':
      fields = (
        <>
          <Select label="Operator" value={row.operator} options={options(RANGE_OPERATOR_LABELS)} onChange={(e) => set({ operator: e.target.value })} wrapperClassName={cell} />
          {bounded(row.type, 'value1', row.operator === 'between' ? 'From' : 'Value', row.value1)}
          {row.operator === 'between' && bounded(row.type, 'value2', 'To', row.value2)}
          {(row.type === 'rsi' || row.type === 'vol_avg') && taPeriod(row.period)}
        </>
      );
      break;
    case 'chg':
      fields = (
        <>
          <Select label="Operator" value={row.operator} options={options(PERFORMANCE_OPERATOR_LABELS)} onChange={(e) => set({ operator: e.target.value })} wrapperClassName={cell} />
          <NumberInput
            label="% Change"
            value={row.value1}
            parse={(t) => (percentageError(t) ? null : Number(t))}
            validate={percentageError}
            onValue={(v) => set({ value1: v })}
            className="w-full sm:w-48"
          />
        </>
      );
      break;
    case 'market':
      fields = <Select label="Market" value={row.value} options={plainOptions(SCANNER_MARKETS)} onChange={(e) => set({ value: e.target.value })} wrapperClassName={cell} />;
      break;
    case 'sector':
      fields = <Select label="Sector" value={row.value} options={plainOptions(SCANNER_SECTORS)} onChange={(e) => set({ value: e.target.value })} wrapperClassName={cell} />;
      break;
    case 'instr_type':
      fields = <Select label="Instrument" value={row.value} options={plainOptions(INSTR_TYPES)} onChange={(e) => set({ value: e.target.value })} wrapperClassName={cell} />;
      break;
    case 'sma':
    case 'ema':
    case 'st': {
      const name = row.type === 'st' ? 'Trendfinder' : `${row.type.toUpperCase()}(${row.period})`;
      fields = (
        <>
          <Select
            label="Condition"
            value={row.operator}
            options={[
              { value: 'gte', label: `${name} ≥ Price` },
              { value: 'lte', label: `${name} ≤ Price` },
            ]}
            onChange={(e) => set({ operator: e.target.value })}
            wrapperClassName={cell}
          />
          {taPeriod(row.period)}
          {row.type === 'st' && (
            <NumberInput
              label="Multiplier"
              value={row.multiplier}
              min={SCANNER_LIMITS.stMultiplier.min}
              max={SCANNER_LIMITS.stMultiplier.max}
              commit={(t) => {
                const v = Number(t);
                return t.trim() !== '' && Number.isFinite(v) ? Math.min(SCANNER_LIMITS.stMultiplier.max, Math.max(SCANNER_LIMITS.stMultiplier.min, v)) : row.multiplier;
              }}
              onValue={(v) => set({ multiplier: v })}
              className={small}
            />
          )}
        </>
      );
      break;
    }
    case 'macd':
      fields = (
        <>
          <Select
            label="Condition"
            value={row.aboveSignal ? 'above' : 'below'}
            options={[
              { value: 'above', label: 'MACD above signal' },
              { value: 'below', label: 'MACD below signal' },
            ]}
            onChange={(e) => set({ aboveSignal: e.target.value === 'above' })}
            wrapperClassName={cell}
          />
          {macdPeriod('fast', 'Fast', row.fast)}
          {macdPeriod('slow', 'Slow', row.slow)}
          {macdPeriod('signal', 'Signal', row.signal)}
        </>
      );
      break;
    case 'price_compare':
      fields = (
        <>
          <Select label="Today's" value={row.currentField} options={options(OHLC_FIELD_LABELS)} onChange={(e) => set({ currentField: e.target.value })} wrapperClassName={small} />
          <Select label="Comparison" value={row.comparison} options={options(OHLC_COMPARISON_LABELS)} onChange={(e) => set({ comparison: e.target.value })} wrapperClassName={small} />
          <Select label="Compared with" value={row.compareField} options={options(OHLC_FIELD_LABELS)} onChange={(e) => set({ compareField: e.target.value })} wrapperClassName={small} />
          <Select
            label="Of"
            value={row.offset}
            options={OHLC_OFFSETS.map((o) => ({ value: o, label: offsetLabel(o) }))}
            onChange={(e) => set({ offset: Number(e.target.value) })}
            wrapperClassName={small}
          />
        </>
      );
      break;
    case 'financial_trend':
      fields = (
        <>
          <Select label="Metric" value={row.metric} options={FA_METRICS.map((m) => ({ value: m, label: FA_METRIC_LABELS[m] }))} onChange={(e) => set({ metric: e.target.value })} wrapperClassName={cell} />
          <Select label="Periods of" value={row.periodType} options={periodTypeOptions} onChange={(e) => set({ periodType: e.target.value })} wrapperClassName={small} />
          <Select label="Direction" value={row.direction} options={options(FA_DIRECTION_LABELS)} onChange={(e) => set({ direction: e.target.value })} wrapperClassName={small} />
          <NumberInput
            label="Consecutive periods"
            value={row.periods}
            integer
            min={SCANNER_LIMITS.faPeriods.min}
            max={SCANNER_LIMITS.faPeriods.max}
            commit={(t) => periodOnBlur('faTrend', t, row.periods)}
            onValue={(v) => set({ periods: v })}
            className={small}
          />
        </>
      );
      break;
    case 'fa_compare':
      fields = (
        <>
          <Select label="Metric" value={row.metric} options={FA_METRICS.map((m) => ({ value: m, label: FA_METRIC_LABELS[m] }))} onChange={(e) => set({ metric: e.target.value })} wrapperClassName={cell} />
          <Select label="Operator" value={row.operator} options={options(FA_OPERATOR_LABELS)} onChange={(e) => set({ operator: e.target.value })} wrapperClassName={small} />
          {bounded('fa_compare', 'value', 'Value', row.value)}
          <Select label="Latest" value={row.periodType} options={periodTypeOptions} onChange={(e) => set({ periodType: e.target.value })} wrapperClassName={small} />
        </>
      );
      break;
  }

  return (
    <li className="rounded-lg border border-slate-200 bg-slate-50/60 p-3 dark:border-slate-800 dark:bg-slate-900/40" data-filter-type={row.type} aria-label={`${typeLabel} filter`}>
      <div className="flex flex-wrap items-end gap-3">
        <Select
          label={SCANNER_TEXT.filterType}
          value={row.type}
          options={FILTER_TYPES[row.category].map((t) => ({ value: t.type, label: t.label }))}
          onChange={(e) => onChangeType(e.target.value as FilterType)}
          wrapperClassName="w-full sm:w-44"
        />
        {/* keyed by type: a retyped row gets fresh inputs, not the old type's typed text */}
        <Fragment key={row.type}>{fields}</Fragment>
        <Button variant="ghost" size="icon" onClick={onRemove} aria-label={`${SCANNER_TEXT.removeFilter}: ${typeLabel}`} title={SCANNER_TEXT.removeFilter} className="ml-auto">
          <CloseIcon className="size-4" />
        </Button>
      </div>
    </li>
  );
}
