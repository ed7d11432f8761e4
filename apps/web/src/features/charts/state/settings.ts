// The Chart Settings dialog's display settings (spec §3, §4, §9): pure state, persisted under
// scanner-chart-settings as {version: 1, settings}. Version 0 (no version field) kept the legend flags
// as compactMode and expandedMode; they are mapped on load. The Appearance and Performance settings
// joined version 1 later: a stored value without them reads them as their defaults.

import { readNumberInput } from '@app/contract';
import { CANDLE_DOWN, CANDLE_UP } from '../series.ts';
import { CHART_TEXT } from '../texts.ts';

export const SETTINGS_STORAGE_KEY = 'scanner-chart-settings';
export const SETTINGS_VERSION = 1;

export type ChartType = 'candlestick' | 'line' | 'area';
export const CHART_TYPES: readonly { value: ChartType; label: string }[] = [
  { value: 'candlestick', label: 'Candlestick' },
  { value: 'line', label: 'Line' },
  { value: 'area', label: 'Area' },
];

export type CrosshairStyle = 'normal' | 'magnet';
export const CROSSHAIR_STYLES: readonly { value: CrosshairStyle; label: string }[] = [
  { value: 'normal', label: 'Normal (follows the pointer)' },
  { value: 'magnet', label: 'Magnet (snaps to the close)' },
];

export type PriceScaleStyle = 'linear' | 'log' | 'percent';
export const PRICE_SCALE_STYLES: readonly { value: PriceScaleStyle; label: string }[] = [
  { value: 'linear', label: 'Linear' },
  { value: 'log', label: 'Logarithmic' },
  { value: 'percent', label: 'Percent' },
];

/** The background that follows the app's light or dark theme; otherwise a #rrggbb colour. */
export const THEME_BACKGROUND = 'theme';

/** How often the indicator panes are recomputed while their parameters change (ms; 0 = at once). */
export const PANE_UPDATE_RATES: readonly { value: number; label: string }[] = [
  { value: 0, label: 'As you type' },
  { value: 500, label: 'Every half second' },
  { value: 1000, label: 'Every second' },
  { value: 2000, label: 'Every 2 seconds' },
];

/** Bars kept in view: a whole number in this range, or null for as many as suit the chart's width. */
export const BARS_IN_VIEW_MIN = 20;
export const BARS_IN_VIEW_MAX = 10_000;

export interface DisplaySettings {
  chartType: ChartType;
  showGridlines: boolean;
  compactLegend: boolean;
  showRealTimePrice: boolean;
  expandedLegend: boolean;
  upColor: string;
  downColor: string;
  background: string;
  crosshair: CrosshairStyle;
  priceScale: PriceScaleStyle;
  barsInView: number | null;
  animation: boolean;
  paneUpdateMs: number;
}

export const DEFAULT_SETTINGS: Readonly<DisplaySettings> = {
  chartType: 'candlestick',
  showGridlines: true,
  compactLegend: false,
  showRealTimePrice: true,
  expandedLegend: true,
  upColor: CANDLE_UP,
  downColor: CANDLE_DOWN,
  background: THEME_BACKGROUND,
  crosshair: 'normal',
  priceScale: 'linear',
  barsInView: null,
  animation: true,
  paneUpdateMs: 0,
};

type BooleanKey = { [K in keyof DisplaySettings]: DisplaySettings[K] extends boolean ? K : never }[keyof DisplaySettings];

/** The Display section's toggles (the gridlines toggle sits under Appearance). */
export const SETTING_TOGGLES: readonly { key: BooleanKey; label: string }[] = [
  { key: 'compactLegend', label: 'Compact Legend' },
  { key: 'showRealTimePrice', label: 'Show Real-time Price' },
  { key: 'expandedLegend', label: 'Expanded Legend' },
];

const bool = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);
const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const color = (v: unknown, fallback: string) => (typeof v === 'string' && HEX_COLOR.test(v) ? v.toLowerCase() : fallback);
const oneOf = <T,>(v: unknown, choices: readonly { value: T }[], fallback: T): T => (choices.some((c) => c.value === v) ? (v as T) : fallback);

/** A stored bars-in-view count: a whole number in range, else null (as many as suit the width). */
export function barsInViewValue(v: unknown): number | null {
  return typeof v === 'number' && Number.isInteger(v) && v >= BARS_IN_VIEW_MIN && v <= BARS_IN_VIEW_MAX ? v : null;
}

function fromObject(o: Record<string, unknown>): DisplaySettings {
  const d = DEFAULT_SETTINGS;
  return {
    chartType: o.chartType === 'line' || o.chartType === 'area' || o.chartType === 'candlestick' ? o.chartType : d.chartType,
    showGridlines: bool(o.showGridlines, d.showGridlines),
    compactLegend: bool(o.compactLegend, d.compactLegend),
    showRealTimePrice: bool(o.showRealTimePrice, d.showRealTimePrice),
    expandedLegend: bool(o.expandedLegend, d.expandedLegend),
    upColor: color(o.upColor, d.upColor),
    downColor: color(o.downColor, d.downColor),
    background: o.background === THEME_BACKGROUND ? THEME_BACKGROUND : color(o.background, d.background),
    crosshair: oneOf(o.crosshair, CROSSHAIR_STYLES, d.crosshair),
    priceScale: oneOf(o.priceScale, PRICE_SCALE_STYLES, d.priceScale),
    barsInView: barsInViewValue(o.barsInView),
    animation: bool(o.animation, d.animation),
    paneUpdateMs: oneOf(o.paneUpdateMs, PANE_UPDATE_RATES, d.paneUpdateMs),
  };
}

/** Reads the stored value of any version; unknown or broken values give the defaults. */
export function loadSettings(raw: string | null): DisplaySettings {
  if (!raw) return { ...DEFAULT_SETTINGS };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { ...DEFAULT_SETTINGS };
  const o = parsed as Record<string, unknown>;
  const version = o.version ?? 0;
  if (version === SETTINGS_VERSION) {
    const s = o.settings;
    return s && typeof s === 'object' && !Array.isArray(s) ? fromObject(s as Record<string, unknown>) : { ...DEFAULT_SETTINGS };
  }
  if (version === 0) return migrateV0(o);
  return { ...DEFAULT_SETTINGS };
}

/** Version 0 was the flat settings object with compactMode and expandedMode for the legend flags. */
export function migrateV0(o: Record<string, unknown>): DisplaySettings {
  const flat = (o.settings && typeof o.settings === 'object' ? o.settings : o) as Record<string, unknown>;
  return fromObject({
    ...flat,
    compactLegend: flat.compactLegend ?? flat.compactMode,
    expandedLegend: flat.expandedLegend ?? flat.expandedMode,
  });
}

export function serializeSettings(s: DisplaySettings): string {
  return JSON.stringify({ version: SETTINGS_VERSION, settings: s });
}

export type SettingsAction = { type: 'set'; key: keyof DisplaySettings; value: DisplaySettings[keyof DisplaySettings] } | { type: 'reset' };

export function settingsReducer(s: DisplaySettings, action: SettingsAction): DisplaySettings {
  if (action.type === 'reset') return { ...DEFAULT_SETTINGS };
  return fromObject({ ...s, [action.key]: action.value });
}

export type BarsInViewRead = { ok: true; value: number | null } | { ok: false; error: string };

/** Reads the bars-in-view box with the app's number reader: blank is "fit the width", anything else a
 *  whole number from BARS_IN_VIEW_MIN to BARS_IN_VIEW_MAX ("1k" reads as 1000 like every number box). */
export function readBarsInView(text: string): BarsInViewRead {
  if (text.trim() === '') return { ok: true, value: null };
  const r = readNumberInput(text, { negative: false });
  if (!r.ok) return r;
  const value = barsInViewValue(r.value);
  return value === null ? { ok: false, error: CHART_TEXT.barsInViewRange(BARS_IN_VIEW_MIN, BARS_IN_VIEW_MAX) } : { ok: true, value };
}
