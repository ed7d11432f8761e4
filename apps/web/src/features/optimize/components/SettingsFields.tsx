import { NUMERIC_STAT_KEYS, parseNumberInput } from '@app/contract';
import { Input, Select, cx } from '../../../components/index.ts';
import { settingsErrors, type RunSettings } from '../grid.ts';
import { OPTIMIZE_TEXT as T } from '../texts.ts';

/** Default fold settings when walk-forward is switched on. */
export const WALK_DEFAULTS = { folds: 4, inSamplePct: 75, anchored: false };

interface Props {
  settings: RunSettings;
  onChange: (s: RunSettings) => void;
}

/** The objective (any numeric statistic, maximised or minimised), the constraints, and the mode:
 *  a plain grid or a walk-forward analysis with its folds. */
export function SettingsFields({ settings: s, onChange }: Props) {
  const errors = settingsErrors(s);
  const set = (patch: Partial<RunSettings>) => onChange({ ...s, ...patch });
  const wf = s.walkForward;
  const setWf = (patch: Partial<NonNullable<RunSettings['walkForward']>>) => set({ walkForward: { ...(wf ?? WALK_DEFAULTS), ...patch } });

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900 dark:text-slate-100">{T.objectiveTitle}</legend>
        <div className="grid grid-cols-2 gap-3">
          <Select
            label={T.objective}
            wrapperClassName="col-span-2 sm:col-span-1"
            value={s.objective}
            options={NUMERIC_STAT_KEYS.map((k) => ({ value: k, label: k }))}
            onChange={(e) => set({ objective: e.target.value })}
          />
          <Select
            label={T.direction}
            wrapperClassName="col-span-2 sm:col-span-1"
            value={s.direction}
            options={[
              { value: 'maximize', label: T.maximize },
              { value: 'minimize', label: T.minimize },
            ]}
            onChange={(e) => set({ direction: e.target.value as RunSettings['direction'] })}
          />
          <Input label={T.minTrades} inputMode="numeric" value={s.minTrades} placeholder="—" error={errors.minTrades} onChange={(e) => set({ minTrades: e.target.value })} />
          <Input label={T.maxDrawdown} inputMode="decimal" value={s.maxDrawdown} placeholder="—" error={errors.maxDrawdown} onChange={(e) => set({ maxDrawdown: e.target.value })} />
        </div>
        <p className="text-xs text-slate-500 dark:text-slate-400">{T.constraintHint}</p>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900 dark:text-slate-100">{T.modeTitle}</legend>
        <div role="radiogroup" aria-label={T.modeTitle} className="inline-flex rounded-md border border-slate-300 p-0.5 dark:border-slate-700">
          {([false, true] as const).map((on) => (
            <label
              key={String(on)}
              className={cx(
                'cursor-pointer rounded px-3 py-1.5 text-sm font-medium focus-within:ring-2 focus-within:ring-blue-500',
                (wf !== null) === on ? 'bg-blue-600 text-white' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
              )}
            >
              <input type="radio" name="optimize-mode" className="sr-only" checked={(wf !== null) === on} onChange={() => set({ walkForward: on ? WALK_DEFAULTS : null })} />
              {on ? T.walkForward : T.grid}
            </label>
          ))}
        </div>
        {wf && (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Input
              label={T.folds}
              type="number"
              min={1}
              max={20}
              value={Number.isFinite(wf.folds) ? wf.folds : ''}
              error={errors.folds}
              onChange={(e) => setWf({ folds: parseNumberInput(e.target.value) ?? NaN })}
            />
            <Input
              label={T.inSample}
              type="number"
              min={50}
              max={95}
              step={5}
              value={Number.isFinite(wf.inSamplePct) ? wf.inSamplePct : ''}
              error={errors.inSample}
              onChange={(e) => setWf({ inSamplePct: parseNumberInput(e.target.value) ?? NaN })}
            />
            <Select
              label={T.windows}
              wrapperClassName="col-span-2 sm:col-span-1"
              value={wf.anchored ? 'anchored' : 'rolling'}
              options={[
                { value: 'rolling', label: T.rolling },
                { value: 'anchored', label: T.anchored },
              ]}
              onChange={(e) => setWf({ anchored: e.target.value === 'anchored' })}
            />
          </div>
        )}
      </fieldset>
    </div>
  );
}
