import { useState } from 'react';
import { Button, Dialog, Input, Select } from '../../../components/index.ts';
import {
  CHART_TYPES,
  CROSSHAIR_STYLES,
  PANE_UPDATE_RATES,
  PRICE_SCALE_STYLES,
  SETTING_TOGGLES,
  THEME_BACKGROUND,
  readBarsInView,
  type ChartType,
  type CrosshairStyle,
  type DisplaySettings,
  type PriceScaleStyle,
  type SettingsAction,
} from '../state/settings.ts';
import { chartOptions } from '../chartTheme.ts';
import { useDarkMode } from '../hooks/useDarkMode.ts';
import { CHART_TEXT } from '../texts.ts';
import { Checkbox } from './Checkbox.tsx';

type Dispatch = (a: SettingsAction) => void;

function SectionTitle({ id, children }: { id: string; children: string }) {
  return (
    <h3 id={id} className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
      {children}
    </h3>
  );
}

/** The theme's own chart background, shown in the colour box while the chart follows the theme. */
function themeBackground(dark: boolean): string {
  const bg = chartOptions(dark).layout?.background;
  return bg && 'color' in bg && bg.color ? bg.color : '#ffffff';
}

/** The bars-in-view box: text as typed, stored only once it reads as a count (or blank). */
function BarsInViewField({ value, onChange }: { value: number | null; onChange: (v: number | null) => void }) {
  const shown = (v: number | null) => (v === null ? '' : String(v));
  const [text, setText] = useState(shown(value));
  const [seen, setSeen] = useState(value);
  // A change from outside (reset to defaults) shows the new count unless the text already reads as it.
  if (value !== seen) {
    setSeen(value);
    const r = readBarsInView(text);
    if (!r.ok || r.value !== value) setText(shown(value));
  }
  const read = readBarsInView(text);
  return (
    <Input
      label={CHART_TEXT.barsInView}
      inputMode="numeric"
      value={text}
      placeholder="Fit the width"
      hint={CHART_TEXT.barsInViewHint}
      error={read.ok ? undefined : read.error}
      onChange={(e) => {
        setText(e.target.value);
        const r = readBarsInView(e.target.value);
        if (r.ok) onChange(r.value);
      }}
    />
  );
}

function AppearanceSection({ settings, dispatch }: { settings: DisplaySettings; dispatch: Dispatch }) {
  const dark = useDarkMode();
  const followTheme = settings.background === THEME_BACKGROUND;
  return (
    <section aria-labelledby="chart-settings-appearance" className="space-y-3">
      <SectionTitle id="chart-settings-appearance">{CHART_TEXT.appearance}</SectionTitle>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Input type="color" label={CHART_TEXT.upColor} value={settings.upColor} onChange={(e) => dispatch({ type: 'set', key: 'upColor', value: e.target.value })} />
        <Input type="color" label={CHART_TEXT.downColor} value={settings.downColor} onChange={(e) => dispatch({ type: 'set', key: 'downColor', value: e.target.value })} />
        <Input
          type="color"
          label={CHART_TEXT.background}
          value={followTheme ? themeBackground(dark) : settings.background}
          onChange={(e) => dispatch({ type: 'set', key: 'background', value: e.target.value })}
        />
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        <Checkbox
          checked={followTheme}
          onChange={(v) => dispatch({ type: 'set', key: 'background', value: v ? THEME_BACKGROUND : themeBackground(dark) })}
        >
          {CHART_TEXT.themeBackground}
        </Checkbox>
        <Checkbox checked={settings.showGridlines} onChange={(v) => dispatch({ type: 'set', key: 'showGridlines', value: v })}>
          Show Gridlines
        </Checkbox>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Select
          label={CHART_TEXT.crosshair}
          value={settings.crosshair}
          onChange={(e) => dispatch({ type: 'set', key: 'crosshair', value: e.target.value as CrosshairStyle })}
          options={CROSSHAIR_STYLES.map((c) => ({ value: c.value, label: c.label }))}
        />
        <Select
          label={CHART_TEXT.priceScale}
          value={settings.priceScale}
          onChange={(e) => dispatch({ type: 'set', key: 'priceScale', value: e.target.value as PriceScaleStyle })}
          options={PRICE_SCALE_STYLES.map((p) => ({ value: p.value, label: p.label }))}
        />
      </div>
    </section>
  );
}

function PerformanceSection({ settings, dispatch }: { settings: DisplaySettings; dispatch: Dispatch }) {
  return (
    <section aria-labelledby="chart-settings-performance" className="space-y-3">
      <SectionTitle id="chart-settings-performance">{CHART_TEXT.performance}</SectionTitle>
      <div className="grid gap-3 sm:grid-cols-2">
        <BarsInViewField value={settings.barsInView} onChange={(v) => dispatch({ type: 'set', key: 'barsInView', value: v })} />
        <Select
          label={CHART_TEXT.paneUpdateRate}
          value={settings.paneUpdateMs}
          onChange={(e) => dispatch({ type: 'set', key: 'paneUpdateMs', value: Number(e.target.value) })}
          options={PANE_UPDATE_RATES.map((r) => ({ value: r.value, label: r.label }))}
        />
      </div>
      <Checkbox checked={settings.animation} onChange={(v) => dispatch({ type: 'set', key: 'animation', value: v })}>
        {CHART_TEXT.animation}
      </Checkbox>
    </section>
  );
}

/** The Chart Settings dialog (spec §2): Display, Appearance and Performance, reset and close. */
export function SettingsDialog({ open, onClose, settings, dispatch }: { open: boolean; onClose: () => void; settings: DisplaySettings; dispatch: Dispatch }) {
  const reset = () => {
    if (window.confirm(CHART_TEXT.resetConfirm)) dispatch({ type: 'reset' });
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={CHART_TEXT.settingsTitle}
      footer={
        <>
          <Button variant="secondary" onClick={reset}>
            {CHART_TEXT.resetDefaults}
          </Button>
          <Button onClick={onClose}>{CHART_TEXT.close}</Button>
        </>
      }
    >
      <div className="space-y-5">
        <section aria-labelledby="chart-settings-display" className="space-y-3">
          <SectionTitle id="chart-settings-display">{CHART_TEXT.display}</SectionTitle>
          <Select
            label="Chart Type"
            value={settings.chartType}
            onChange={(e) => dispatch({ type: 'set', key: 'chartType', value: e.target.value as ChartType })}
            options={CHART_TYPES.map((t) => ({ value: t.value, label: t.label }))}
          />
          <div className="grid gap-2 sm:grid-cols-2">
            {SETTING_TOGGLES.map((t) => (
              <Checkbox key={t.key} checked={settings[t.key]} onChange={(v) => dispatch({ type: 'set', key: t.key, value: v })}>
                {t.label}
              </Checkbox>
            ))}
          </div>
        </section>
        <AppearanceSection settings={settings} dispatch={dispatch} />
        <PerformanceSection settings={settings} dispatch={dispatch} />
      </div>
    </Dialog>
  );
}
