import { useId } from 'react';
import { cx } from '../../../components/index.ts';
import { controlClass } from '../../../components/Field.tsx';
import { RRC_TEXT } from '../texts.ts';
import type { StopMode } from '../hooks/useRiskCalculator.ts';

interface Props {
  mode: StopMode;
  onModeChange: (mode: StopMode) => void;
  percent: string;
  price: string;
  onChange: (field: 'stopLossPercent' | 'stopLossPrice', value: string) => void;
  onStep: (direction: 1 | -1) => void;
  /** Price mode with a stop at or above the entry: the percent is left unchanged (spec §5). */
  stopAboveEntry: boolean;
}

const modes: Array<{ value: StopMode; label: string; title: string }> = [
  { value: 'percent', label: '%', title: 'Stop loss as a percent below the share price' },
  { value: 'price', label: '$', title: 'Stop loss as a price' },
];

/** The stop loss input, switchable between % and $, with −0.5 / +0.5 step buttons. */
export function StopLossField({ mode, onModeChange, percent, price, onChange, onStep, stopAboveEntry }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const stepClass =
    'h-10 shrink-0 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 active:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800';
  const unit = mode === 'percent' ? '%' : '$';
  return (
    <div className="space-y-1 sm:col-span-2">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
          {RRC_TEXT.stopLoss} ({unit})
        </label>
        <div role="group" aria-label="Stop loss unit" className="inline-flex rounded-md border border-slate-300 p-0.5 dark:border-slate-700">
          {modes.map((m) => (
            <button
              key={m.value}
              type="button"
              title={m.title}
              aria-pressed={mode === m.value}
              onClick={() => onModeChange(m.value)}
              className={cx(
                'min-w-9 rounded px-2.5 py-1 text-sm font-semibold transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500/40',
                mode === m.value
                  ? 'bg-blue-600 text-white'
                  : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
              )}
            >
              {m.label}
            </button>
          ))}
        </div>
      </div>
      <div className="flex items-center gap-2">
        <button type="button" className={stepClass} onClick={() => onStep(-1)} aria-label={`Decrease stop loss by 0.5 ${unit}`}>
          −0.5
        </button>
        <div className="relative min-w-0 flex-1">
          {mode === 'price' && <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-400">$</span>}
          <input
            id={id}
            name={mode === 'percent' ? 'stopLossPercent' : 'stopLossPrice'}
            inputMode="decimal"
            autoComplete="off"
            value={mode === 'percent' ? percent : price}
            onChange={(e) => onChange(mode === 'percent' ? 'stopLossPercent' : 'stopLossPrice', e.target.value)}
            aria-describedby={hintId}
            aria-invalid={stopAboveEntry || undefined}
            className={controlClass(stopAboveEntry, cx('h-10 text-right tabular-nums', mode === 'price' ? 'pl-7' : 'pr-8'))}
          />
          {mode === 'percent' && <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-400">%</span>}
        </div>
        <button type="button" className={stepClass} onClick={() => onStep(1)} aria-label={`Increase stop loss by 0.5 ${unit}`}>
          +0.5
        </button>
      </div>
      <p id={hintId} className={cx('text-xs', stopAboveEntry ? 'text-amber-700 dark:text-amber-400' : 'text-slate-500 dark:text-slate-400')}>
        {stopAboveEntry
          ? 'A stop must be below the share price; the stop % is unchanged.'
          : mode === 'percent'
            ? `Stop price ${price ? `$${price}` : '—'}`
            : `Stop ${percent ? `${percent}%` : '—'} below the share price`}
      </p>
    </div>
  );
}
