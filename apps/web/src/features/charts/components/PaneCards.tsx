import { useState } from 'react';
import { Button, Card, Select } from '../../../components/index.ts';
import { INDICATOR_PANE_KINDS, PANE_KIND_LABELS, PARAM_RULES, type Pane, type PaneAction, type PaneKind } from '../state/panes.ts';
import { CHART_TEXT } from '../texts.ts';
import { clampInt } from '../state/clamp.ts';

const PARAM_LABELS: Record<string, string> = { period: 'Period', upper: 'Upper', lower: 'Lower', fast: 'Fast', slow: 'Slow', signal: 'Signal', k_smooth: '%K smooth', d_period: '%D period' };

/** '+ Add Pane', 'Reset Layout' and one card per indicator pane: kind, parameters (clamped), Remove. */
export function PaneCards({ panes, dispatch }: { panes: readonly Pane[]; dispatch: (a: PaneAction) => void }) {
  return (
    <section aria-label="Panes" className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => dispatch({ type: 'add' })}>
          {CHART_TEXT.addPane}
        </Button>
        <Button variant="ghost" onClick={() => dispatch({ type: 'reset' })}>
          {CHART_TEXT.resetLayout}
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {panes
          .filter((p) => p.kind !== 'price')
          .map((p, i) => (
            <PaneCard key={p.id} pane={p} index={i + 1} dispatch={dispatch} />
          ))}
      </div>
    </section>
  );
}

function PaneCard({ pane, index, dispatch }: { pane: Pane; index: number; dispatch: (a: PaneAction) => void }) {
  const rules = pane.kind in PARAM_RULES ? (PARAM_RULES[pane.kind as keyof typeof PARAM_RULES] as Record<string, { min: number; max: number; fallback: number }>) : null;
  return (
    <Card className="p-3" data-testid="pane-card" data-pane-kind={pane.kind}>
      <div className="flex items-end gap-2">
        <Select
          label={`Pane ${index}`}
          aria-label={`Pane ${index} kind`}
          wrapperClassName="flex-1"
          value={pane.kind}
          onChange={(e) => dispatch({ type: 'changeKind', id: pane.id, kind: e.target.value as Exclude<PaneKind, 'price'> })}
          options={INDICATOR_PANE_KINDS.map((k) => ({ value: k, label: PANE_KIND_LABELS[k] }))}
        />
        <Button variant="ghost" className="text-red-600 dark:text-red-400" aria-label={`Remove pane ${index}`} onClick={() => dispatch({ type: 'remove', id: pane.id })}>
          {CHART_TEXT.remove}
        </Button>
      </div>
      {rules && (
        <div className="mt-3 grid grid-cols-3 gap-2">
          {Object.entries(rules).map(([key, r]) => (
            <ParamInput
              key={`${pane.kind}-${key}`}
              label={PARAM_LABELS[key]}
              name={`${pane.id}-${key}`}
              value={(pane.params as Record<string, number>)[key]}
              min={r.min}
              max={r.max}
              fallback={r.fallback}
              onCommit={(v) => dispatch({ type: 'setParams', id: pane.id, params: { [key]: v } })}
            />
          ))}
        </div>
      )}
    </Card>
  );
}

/** A number input that commits on blur or Enter, clamped to its bounds (an empty field takes the fallback). */
function ParamInput({ label, name, value, min, max, fallback, onCommit }: { label: string; name: string; value: number; min: number; max: number; fallback: number; onCommit: (v: number) => void }) {
  const [draft, setDraft] = useState(String(value));
  const id = `param-${name}`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-slate-600 dark:text-slate-400">
        {label}
      </label>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        min={min}
        max={max}
        step={1}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => {
          const v = clampInt(draft, min, max, fallback);
          setDraft(String(v));
          if (v !== value) onCommit(v);
        }}
        onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
        className="h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900"
      />
    </div>
  );
}
