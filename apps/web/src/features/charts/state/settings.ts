// The Chart Settings dialog's display settings (spec §3, §4, §9): pure state, persisted under
// scanner-chart-settings as {version: 1, settings}. Version 0 (no version field) kept the legend flags
// as compactMode and expandedMode; they are mapped on load.

export const SETTINGS_STORAGE_KEY = 'scanner-chart-settings';
export const SETTINGS_VERSION = 1;

export type ChartType = 'candlestick' | 'line' | 'area';
export const CHART_TYPES: readonly { value: ChartType; label: string }[] = [
  { value: 'candlestick', label: 'Candlestick' },
  { value: 'line', label: 'Line' },
  { value: 'area', label: 'Area' },
];

export interface DisplaySettings {
  chartType: ChartType;
  showGridlines: boolean;
  compactLegend: boolean;
  showRealTimePrice: boolean;
  expandedLegend: boolean;
}

export const DEFAULT_SETTINGS: Readonly<DisplaySettings> = {
  chartType: 'candlestick',
  showGridlines: true,
  compactLegend: false,
  showRealTimePrice: true,
  expandedLegend: true,
};

export const SETTING_TOGGLES: readonly { key: Exclude<keyof DisplaySettings, 'chartType'>; label: string }[] = [
  { key: 'showGridlines', label: 'Show Gridlines' },
  { key: 'compactLegend', label: 'Compact Legend' },
  { key: 'showRealTimePrice', label: 'Show Real-time Price' },
  { key: 'expandedLegend', label: 'Expanded Legend' },
];

const bool = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);

function fromObject(o: Record<string, unknown>): DisplaySettings {
  const d = DEFAULT_SETTINGS;
  return {
    chartType: o.chartType === 'line' || o.chartType === 'area' || o.chartType === 'candlestick' ? o.chartType : d.chartType,
    showGridlines: bool(o.showGridlines, d.showGridlines),
    compactLegend: bool(o.compactLegend, d.compactLegend),
    showRealTimePrice: bool(o.showRealTimePrice, d.showRealTimePrice),
    expandedLegend: bool(o.expandedLegend, d.expandedLegend),
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
