import { NUMERIC_STAT_KEYS, parseNumberInput, SUGGEST_SEARCH_CELLS } from '@app/contract';
import { Button, Input, Select, cx } from '../../../components/index.ts';
import { SEARCH_DEFAULTS, settingsErrors, type RunSettings } from '../grid.ts';
import { OPTIMIZE_TEXT as T } from '../texts.ts';

/** Default fold settings when walk-forward is switched on. */
export const WALK_DEFAULTS = { folds: 4, inSamplePct: 75, anchored: false };

interface Props {
  settings: RunSettings;
  onChange: (s: RunSettings) => void;
  /** the grid's cells as typed (null while unreadable): above SUGGEST_SEARCH_CELLS a search is suggested */
  cells?: number | null;
}

/** The objective (any numeric statistic, maximised or minimised), the constraints, the mode (a plain
 *  grid or a walk-forward analysis with its folds), and the cells to try: every cell, or a search. */
export function SettingsFields({ settings: s, onChange, cells = null }: Props) {
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
        <TwoWayChoice label={T.modeTitle} name="optimize-mode" labels={[T.grid, T.walkForward]} value={wf !== null} onChange={(on) => set({ walkForward: on ? WALK_DEFAULTS : null })} />
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

      <SearchFields settings={s} onChange={onChange} cells={cells} errors={errors} />
    </div>
  );
}

/** Every cell, or a model-based search with its budget and seed; a search is offered above
 *  SUGGEST_SEARCH_CELLS cells. */
function SearchFields({ settings: s, onChange, cells, errors }: Props & { errors: ReturnType<typeof settingsErrors> }) {
  const search = s.search ?? null;
  const set = (next: RunSettings['search']) => onChange({ ...s, search: next });
  const big = cells != null && cells > SUGGEST_SEARCH_CELLS;
  return (
    <fieldset className="space-y-3 lg:col-span-2" data-testid="method">
      <legend className="text-sm font-semibold text-slate-900 dark:text-slate-100">{T.methodTitle}</legend>
      {big && !search && (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-100" data-testid="suggest-search">
          <span>{T.suggestSearch(cells!.toLocaleString('en-US'))}</span>
          <Button size="sm" onClick={() => set({ ...SEARCH_DEFAULTS })}>{T.useSearch}</Button>
        </div>
      )}
      <TwoWayChoice label={T.methodTitle} name="optimize-method" labels={[T.methodGrid, T.methodSearch]} value={search !== null} onChange={(on) => set(on ? { ...SEARCH_DEFAULTS } : null)} />
      <p className="text-xs text-slate-500 dark:text-slate-400">{T.methodHint}</p>
      {search && (
        <div className="grid grid-cols-2 gap-3 sm:max-w-md">
          <Input label={T.budget} inputMode="numeric" value={search.budget} error={errors.budget} onChange={(e) => set({ ...search, budget: e.target.value })} />
          <Input label={T.seed} inputMode="numeric" value={search.seed} error={errors.seed} hint={T.seedHint} onChange={(e) => set({ ...search, seed: e.target.value })} />
        </div>
      )}
    </fieldset>
  );
}

/** Two choices as one segmented control (radio buttons under the labels): the first when `value` is
 *  false, the second when true. */
function TwoWayChoice({ label, name, labels, value, onChange }: { label: string; name: string; labels: [string, string]; value: boolean; onChange: (on: boolean) => void }) {
  return (
    <div role="radiogroup" aria-label={label} className="inline-flex rounded-md border border-slate-300 p-0.5 dark:border-slate-700">
      {([false, true] as const).map((on) => (
        <label
          key={String(on)}
          className={cx(
            'cursor-pointer rounded px-3 py-1.5 text-sm font-medium focus-within:ring-2 focus-within:ring-blue-500',
            value === on ? 'bg-blue-600 text-white' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
          )}
        >
          <input type="radio" name={name} className="sr-only" checked={value === on} onChange={() => onChange(on)} />
          {on ? labels[1] : labels[0]}
        </label>
      ))}
    </div>
  );
}
