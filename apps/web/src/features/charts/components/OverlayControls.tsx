import { useState } from 'react';
import { Button, Input, Select } from '../../../components/index.ts';
import {
  DEFAULT_OVERLAY_PERIOD,
  MIN_OVERLAY_PERIOD,
  OVERLAY_TYPES,
  acceptPeriodInput,
  committedPeriod,
  defaultOverlayColor,
  duplicateOverlayMessage,
  overlayLabel,
  sameOverlay,
  type Overlay,
  type OverlayAction,
  type OverlayType,
} from '../state/overlays.ts';
import { CHART_TEXT } from '../texts.ts';
import { Checkbox } from './Checkbox.tsx';

/** The overlay row (spec §2): type, period (min 2), colour, '+ Add Overlay'; then the overlay list
 *  behind a Show/Hide Config toggle. */
export function OverlayControls({ overlays, dispatch }: { overlays: readonly Overlay[]; dispatch: (a: OverlayAction) => void }) {
  const [type, setType] = useState<OverlayType>('SMA');
  const [period, setPeriod] = useState(String(DEFAULT_OVERLAY_PERIOD));
  const [color, setColor] = useState<string | null>(null); // null: follow the type's default colour
  const [showConfig, setShowConfig] = useState(true);
  const [refused, setRefused] = useState<string | null>(null);
  const shownColor = color ?? defaultOverlayColor(type, committedPeriod(period));

  const add = () => {
    const p = committedPeriod(period);
    setPeriod(String(p));
    const same = sameOverlay(overlays, type, p);
    if (same) {
      // the same line twice would hide one under the other: say so, and show the existing one
      setRefused(duplicateOverlayMessage(same) + (same.visible ? '' : ' Tick it in the list to show it.'));
      setShowConfig(true);
      return;
    }
    setRefused(null);
    dispatch({ type: 'add', overlayType: type, period: p, color: shownColor });
  };

  return (
    <section aria-label="Overlays" className="space-y-3">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <Select
          label="Overlay"
          aria-label="Overlay type"
          className="w-24"
          value={type}
          onChange={(e) => {
            setType(e.target.value as OverlayType);
            setRefused(null);
          }}
          options={OVERLAY_TYPES.map((t) => ({ value: t, label: t }))} />
        <Input
          label="Period"
          aria-label="Overlay period"
          wrapperClassName="w-20"
          type="text"
          inputMode="numeric"
          min={MIN_OVERLAY_PERIOD}
          value={period}
          onChange={(e) => {
            const v = acceptPeriodInput(e.target.value);
            if (v !== null) setPeriod(v);
            setRefused(null);
          }}
          onBlur={() => setPeriod(String(committedPeriod(period)))}
        />
        <Input label="Colour" aria-label="Overlay colour" type="color" wrapperClassName="w-12" value={shownColor} onChange={(e) => setColor(e.target.value)} />
        <Button type="submit">{CHART_TEXT.addOverlay}</Button>
        {overlays.length > 0 && (
          <Button variant="secondary" aria-expanded={showConfig} onClick={() => setShowConfig((s) => !s)}>
            {showConfig ? CHART_TEXT.hideConfig : CHART_TEXT.showConfig}
          </Button>
        )}
      </form>
      {refused && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400" data-testid="overlay-refused">
          {refused}
        </p>
      )}
      {showConfig && overlays.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800" data-testid="overlay-list">
          {overlays.map((o) => (
            <OverlayRow key={o.id} overlay={o} overlays={overlays} dispatch={dispatch} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OverlayRow({ overlay: o, overlays, dispatch }: { overlay: Overlay; overlays: readonly Overlay[]; dispatch: (a: OverlayAction) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const update = (patch: Partial<Omit<Overlay, 'id'>>) => dispatch({ type: 'update', id: o.id, patch });
  const commit = () => {
    if (draft !== null) {
      const period = committedPeriod(draft);
      const same = sameOverlay(overlays, o.type, period, o.id);
      // a period that makes this row another's twin is refused; the row keeps its period
      if (same) setRefused(duplicateOverlayMessage(same));
      else update({ period });
    }
    setDraft(null);
  };
  const label = overlayLabel(o);
  return (
    <li className="px-2 py-2 sm:px-3" data-testid="overlay-row" data-overlay={label}>
      {/* one line on a 390 px phone too: tighter gaps there, the name column shrinks before Remove wraps */}
      <div className="flex items-center gap-2 sm:gap-3">
        <Checkbox checked={o.visible} onChange={(v) => update({ visible: v })} className="min-w-0 font-medium whitespace-nowrap sm:min-w-24">
          <span className="hidden size-2.5 rounded-full sm:inline-block" style={{ background: o.color }} aria-hidden="true" />
          {label}
        </Checkbox>
        <input
          aria-label={`${label} period`}
          type="text"
          inputMode="numeric"
          className="h-8 w-14 shrink-0 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900"
          value={draft ?? String(o.period)}
          onChange={(e) => {
            const v = acceptPeriodInput(e.target.value);
            if (v !== null) setDraft(v);
            setRefused(null);
          }}
          onBlur={commit}
          onKeyDown={(e) => e.key === 'Enter' && commit()}
        />
        <input aria-label={`${label} colour`} type="color" className="h-8 w-9 shrink-0 cursor-pointer rounded border border-slate-300 bg-white p-0.5 dark:border-slate-700 dark:bg-slate-900" value={o.color ?? defaultOverlayColor(o.type, o.period)} onChange={(e) => update({ color: e.target.value })} />
        <Checkbox checked={o.showLabel} onChange={(v) => update({ showLabel: v })} className="shrink-0">
          {CHART_TEXT.label}
        </Checkbox>
        <Button variant="ghost" size="sm" className="ml-auto shrink-0 text-red-600 dark:text-red-400" aria-label={`Remove ${label}`} onClick={() => dispatch({ type: 'remove', id: o.id })}>
          {CHART_TEXT.remove}
        </Button>
      </div>
      {refused && (
        <p role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
          {refused}
        </p>
      )}
    </li>
  );
}
