import { MAX_PERIOD, MIN_PERIOD, paramSpec } from '@app/quant';
import { clampInt } from './clamp.ts';

// The /rchart pane layout (spec §3 Pane, §4 Panes, §5, §9): pure state, persisted under rchart_panes.

export const PANES_STORAGE_KEY = 'rchart_panes';

export type PaneKind = 'price' | 'volume' | 'rsi' | 'macd' | 'obv' | 'stoch' | 'adx' | 'cci';
export const INDICATOR_PANE_KINDS = ['rsi', 'macd', 'obv', 'volume', 'stoch', 'adx', 'cci'] as const satisfies readonly PaneKind[];
export const PANE_KIND_LABELS: Record<PaneKind, string> = { price: 'Price', volume: 'Volume', rsi: 'RSI', macd: 'MACD', obv: 'OBV', stoch: 'Stochastic', adx: 'ADX', cci: 'CCI' };

export interface RsiParams {
  period: number;
  upper: number;
  lower: number;
}
export interface MacdParams {
  fast: number;
  slow: number;
  signal: number;
}
/** Stochastic (%K over `period`, smoothed by `k_smooth`; %D its `d_period` average), ADX and CCI
 *  panes take the strategy language's parameters, so a pane shows what a template compares. */
export interface StochParams {
  period: number;
  k_smooth: number;
  d_period: number;
}
export interface PeriodParams {
  period: number;
}
export type PaneParams = RsiParams | MacdParams | StochParams | PeriodParams | Record<string, never>;

export interface Pane {
  id: string;
  kind: PaneKind;
  stretchFactor: number;
  params: PaneParams;
}

/** Bounds and fallbacks of every pane parameter (spec §5). */
export const PARAM_RULES = {
  rsi: {
    period: { min: 2, max: 200, fallback: 14 },
    upper: { min: 0, max: 100, fallback: 70 },
    lower: { min: 0, max: 100, fallback: 30 },
  },
  macd: {
    fast: { min: 1, max: 100, fallback: 12 },
    slow: { min: 2, max: 200, fallback: 26 },
    signal: { min: 1, max: 100, fallback: 9 },
  },
  // the strategy language's bounds and defaults (quant's INDICATOR_SPECS)
  stoch: {
    period: { min: MIN_PERIOD, max: MAX_PERIOD, fallback: paramSpec('STOCH', 'period')!.default },
    k_smooth: { min: MIN_PERIOD, max: MAX_PERIOD, fallback: paramSpec('STOCH', 'k_smooth')!.default },
    d_period: { min: MIN_PERIOD, max: MAX_PERIOD, fallback: paramSpec('STOCH', 'd_period')!.default },
  },
  adx: { period: { min: MIN_PERIOD, max: MAX_PERIOD, fallback: paramSpec('ADX', 'period')!.default } },
  cci: { period: { min: MIN_PERIOD, max: MAX_PERIOD, fallback: paramSpec('CCI', 'period')!.default } },
} as const;

const hasParams = (kind: PaneKind): kind is ParamKind => kind in PARAM_RULES;

export type ParamKind = keyof typeof PARAM_RULES;

export function defaultParams(kind: PaneKind): PaneParams {
  if (!hasParams(kind)) return {};
  return Object.fromEntries(Object.entries(PARAM_RULES[kind]).map(([k, r]) => [k, r.fallback])) as unknown as PaneParams;
}

export const DEFAULT_PANES: readonly Pane[] = [
  { id: 'price', kind: 'price', stretchFactor: 3, params: {} },
  { id: 'vol-1', kind: 'volume', stretchFactor: 1, params: {} },
  { id: 'rsi-1', kind: 'rsi', stretchFactor: 1, params: { period: 14, upper: 70, lower: 30 } },
];

export const defaultPanes = (): Pane[] => DEFAULT_PANES.map((p) => ({ ...p, params: { ...p.params } }));

/** Every parameter of `kind` clamped to its bounds; missing or non-numeric values take the fallback. */
export function clampParams(kind: PaneKind, params: unknown): PaneParams {
  if (!hasParams(kind)) return {};
  const rules = PARAM_RULES[kind] as Record<string, { min: number; max: number; fallback: number }>;
  const src = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
  const out: Record<string, number> = {};
  for (const [k, r] of Object.entries(rules)) out[k] = clampInt(src[k], r.min, r.max, r.fallback);
  return out as unknown as PaneParams;
}

const KINDS = new Set<PaneKind>(['price', ...INDICATOR_PANE_KINDS]);

/** Stretch factors come from the layout and from dragging the separators (the library keeps the sum of
 *  the two panes it resizes). Kept within [0.1, 10] so a tampered or corrupt saved layout cannot make a
 *  pane vanish or the chart thousands of pixels high; stored with 3 decimals. */
export const MIN_STRETCH = 0.1;
export const MAX_STRETCH = 10;
export function clampStretch(v: unknown, fallback: number): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) return fallback;
  return Math.round(Math.min(MAX_STRETCH, Math.max(MIN_STRETCH, v)) * 1000) / 1000;
}

function sanitizePane(p: unknown, index: number): Pane | null {
  if (!p || typeof p !== 'object') return null;
  const o = p as Record<string, unknown>;
  if (typeof o.kind !== 'string' || !KINDS.has(o.kind as PaneKind)) return null;
  const kind = o.kind as PaneKind;
  const stretch = clampStretch(o.stretchFactor, kind === 'price' ? 3 : 1);
  return { id: typeof o.id === 'string' && o.id ? o.id : `${kind}-${index}`, kind, stretchFactor: stretch, params: clampParams(kind, o.params) };
}

/** The saved layout (spec §5): used only if it is an array containing a price pane; else defaults.
 *  Entries that are not panes are dropped, parameters clamped, and the price pane kept first. */
export function loadPanes(raw: string | null): Pane[] {
  if (!raw) return defaultPanes();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return defaultPanes();
  }
  if (!Array.isArray(parsed)) return defaultPanes();
  const panes = parsed.map(sanitizePane).filter((p): p is Pane => p !== null);
  const price = panes.find((p) => p.kind === 'price');
  if (!price) return defaultPanes();
  const seen = new Set<string>();
  const rest = panes.filter((p) => p.kind !== 'price' && !seen.has(p.id) && seen.add(p.id));
  return [price, ...rest];
}

export type PaneAction =
  | { type: 'add'; kind?: Exclude<PaneKind, 'price'>; now?: number }
  | { type: 'remove'; id: string }
  | { type: 'changeKind'; id: string; kind: Exclude<PaneKind, 'price'> }
  | { type: 'setParams'; id: string; params: Partial<RsiParams & MacdParams & StochParams> }
  | { type: 'setStretch'; factors: Readonly<Record<string, number>> }
  | { type: 'reset' };

/** Spec §4 pane transitions. '+ Add Pane' adds an RSI pane; changing the kind resets the parameters to
 *  that kind's defaults and keeps the stretch factor; the price pane can be neither removed nor changed. */
export function panesReducer(panes: Pane[], action: PaneAction): Pane[] {
  switch (action.type) {
    case 'add': {
      const kind = action.kind ?? 'rsi';
      let id = `${kind}-${action.now ?? Date.now()}`;
      while (panes.some((p) => p.id === id)) id += '-1';
      return [...panes, { id, kind, stretchFactor: 1, params: defaultParams(kind) }];
    }
    case 'remove':
      return panes.filter((p) => p.id !== action.id || p.kind === 'price');
    case 'changeKind':
      return panes.map((p) => (p.id === action.id && p.kind !== 'price' ? { ...p, kind: action.kind, params: defaultParams(action.kind) } : p));
    case 'setParams':
      return panes.map((p) => (p.id === action.id ? { ...p, params: clampParams(p.kind, { ...p.params, ...action.params }) } : p));
    case 'setStretch': {
      // The sizes the user dragged the separators to; the same state back when nothing moved, so a
      // click elsewhere neither re-renders nor rewrites storage.
      let changed = false;
      const next = panes.map((p) => {
        const f = action.factors[p.id];
        if (f === undefined) return p;
        const stretchFactor = clampStretch(f, p.stretchFactor);
        if (stretchFactor === p.stretchFactor) return p;
        changed = true;
        return { ...p, stretchFactor };
      });
      return changed ? next : panes;
    }
    case 'reset':
      return defaultPanes();
  }
}

/** Spec §9: /rchart is at least 400px high, 160px per unit of stretch factor (whole pixels: dragged
 *  factors are fractions whose sum is the same up to rounding). */
export function chartHeight(panes: readonly Pane[]): number {
  const total = panes.reduce((s, p) => s + p.stretchFactor, 0);
  return Math.max(400, Math.round(160 * total));
}
