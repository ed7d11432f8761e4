import { useState } from 'react';
import { Button, Input, Select } from '../../../components/index.ts';
import {
  DEFAULT_OVERLAY_PERIOD,
  MIN_OVERLAY_PERIOD,
  OVERLAY_TYPES,
  acceptPeriodInput,
  committedPeriod,
  defaultOverlayColor,
  overlayLabel,
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
  const shownColor = color ?? defaultOverlayColor(type, committedPeriod(period));

  const add = () => {
    const p = committedPeriod(period);
    setPeriod(String(p));
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
        <Select label="Overlay" aria-label="Overlay type" className="w-24" value={type} onChange={(e) => setType(e.target.value as OverlayType)} options={OVERLAY_TYPES.map((t) => ({ value: t, label: t }))} />
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
      {showConfig && overlays.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800" data-testid="overlay-list">
          {overlays.map((o) => (
            <OverlayRow key={o.id} overlay={o} dispatch={dispatch} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OverlayRow({ overlay: o, dispatch }: { overlay: Overlay; dispatch: (a: OverlayAction) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const update = (patch: Partial<Omit<Overlay, 'id'>>) => dispatch({ type: 'update', id: o.id, patch });
  const commit = () => {
    if (draft !== null) update({ period: committedPeriod(draft) });
    setDraft(null);
  };
  const label = overlayLabel(o);
  return (
    <li className="flex flex-wrap items-center gap-3 px-3 py-2" data-testid="overlay-row" data-overlay={label}>
      <Checkbox checked={o.visible} onChange={(v) => update({ visible: v })} className="min-w-24 font-medium">
        <span className="inline-block size-2.5 rounded-full" style={{ background: o.color }} aria-hidden="true" />
        {label}
      </Checkbox>
      <input
        aria-label={`${label} period`}
        type="text"
        inputMode="numeric"
        className="h-8 w-16 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        value={draft ?? String(o.period)}
        onChange={(e) => {
          const v = acceptPeriodInput(e.target.value);
          if (v !== null) setDraft(v);
        }}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
      <input aria-label={`${label} colour`} type="color" className="h-8 w-10 cursor-pointer rounded border border-slate-300 bg-white p-0.5 dark:border-slate-700 dark:bg-slate-900" value={o.color ?? defaultOverlayColor(o.type, o.period)} onChange={(e) => update({ color: e.target.value })} />
      <Checkbox checked={o.showLabel} onChange={(v) => update({ showLabel: v })}>
        {CHART_TEXT.label}
      </Checkbox>
      <Button variant="ghost" size="sm" className="ml-auto text-red-600 dark:text-red-400" aria-label={`Remove ${label}`} onClick={() => dispatch({ type: 'remove', id: o.id })}>
        {CHART_TEXT.remove}
      </Button>
    </li>
  );
}
