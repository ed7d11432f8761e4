// The /rchart SMA/EMA overlays (spec §3 Overlay, §5, §9): pure state, persisted under rchart_overlays_v1.
import { parseNumberInput } from '@app/contract';

export const OVERLAYS_STORAGE_KEY = 'rchart_overlays_v1';
export const MIN_OVERLAY_PERIOD = 2;
export const DEFAULT_OVERLAY_PERIOD = 20;

/** BB: Bollinger Bands of `period` closes at BB_STDDEV standard deviations (quant's, as a template's
 *  BBANDS rows compare them). */
export type OverlayType = 'SMA' | 'EMA' | 'BB';
export const OVERLAY_TYPES: readonly OverlayType[] = ['SMA', 'EMA', 'BB'];
export const BB_STDDEV = 2;
const BB_COLOR = '#0d9488';

export interface Overlay {
  id: string;
  type: OverlayType;
  period: number;
  visible: boolean;
  color?: string;
  showLabel: boolean;
}

/** Named colours of the spec, as the hex values a colour picker can show. */
export const OVERLAY_COLORS = { orange: '#ffa500', blue: '#2962ff', purple: '#9c27b0' } as const;

/** A new overlay's colour (spec §9): SMA orange; EMA blue for period 20, else purple. */
export function defaultOverlayColor(type: OverlayType, period: number): string {
  if (type === 'SMA') return OVERLAY_COLORS.orange;
  if (type === 'BB') return BB_COLOR;
  return period === 20 ? OVERLAY_COLORS.blue : OVERLAY_COLORS.purple;
}

export const DEFAULT_OVERLAYS: readonly Overlay[] = [
  { id: 'sma-20', type: 'SMA', period: 20, visible: true, color: OVERLAY_COLORS.orange, showLabel: true },
  { id: 'ema-20', type: 'EMA', period: 20, visible: false, color: OVERLAY_COLORS.blue, showLabel: true },
  { id: 'ema-50', type: 'EMA', period: 50, visible: false, color: OVERLAY_COLORS.purple, showLabel: true },
];
export const defaultOverlays = (): Overlay[] => DEFAULT_OVERLAYS.map((o) => ({ ...o }));

/** The overlay period input accepts only non-negative numbers or empty (spec §5): returns the text to
 *  keep, or null to refuse the keystroke. */
export function acceptPeriodInput(text: string): string | null {
  return text === '' || /^\d+(\.\d*)?$/.test(text) ? text : null;
}

/** On blur or add the period is raised to at least 2 (spec §5); whole bars only. */
export function committedPeriod(text: string | number): number {
  const n = typeof text === 'number' ? text : (parseNumberInput(text) ?? NaN);
  if (!Number.isFinite(n)) return MIN_OVERLAY_PERIOD;
  return Math.max(MIN_OVERLAY_PERIOD, Math.round(n));
}

/** Spec §3: id from type, period, time and randomness. */
export function overlayId(type: OverlayType, period: number, now = Date.now(), random = Math.random()): string {
  return `${type.toLowerCase()}-${period}-${now}-${random.toString(36).slice(2, 8)}`;
}

export function overlayLabel(o: Pick<Overlay, 'type' | 'period'>): string {
  return o.type === 'BB' ? `BB(${o.period}, ${BB_STDDEV})` : `${o.type}(${o.period})`;
}

/** The overlay already drawing this type and period (other than `exceptId`), if any: a second one would
 *  draw the same line twice, so the screen refuses it. */
export function sameOverlay(overlays: readonly Overlay[], type: OverlayType, period: number, exceptId?: string): Overlay | undefined {
  return overlays.find((o) => o.id !== exceptId && o.type === type && o.period === period);
}

/** The message of a refused duplicate. */
export const duplicateOverlayMessage = (o: Pick<Overlay, 'type' | 'period'>) => `${overlayLabel(o)} is already on the chart.`;

function sanitizeOverlay(v: unknown): Overlay | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (o.type !== 'SMA' && o.type !== 'EMA' && o.type !== 'BB') return null;
  if (typeof o.period !== 'number' || !Number.isFinite(o.period)) return null;
  const period = committedPeriod(o.period);
  return {
    id: typeof o.id === 'string' && o.id ? o.id : overlayId(o.type, period),
    type: o.type,
    period,
    visible: o.visible !== false,
    color: typeof o.color === 'string' && o.color ? o.color : undefined,
    showLabel: o.showLabel !== false,
  };
}

/** The saved overlays JSON; defaults when absent or unreadable (an empty saved list stays empty). */
export function loadOverlays(raw: string | null): Overlay[] {
  if (raw === null) return defaultOverlays();
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return defaultOverlays();
    return parsed.map(sanitizeOverlay).filter((o): o is Overlay => o !== null);
  } catch {
    return defaultOverlays();
  }
}

export type OverlayAction =
  | { type: 'add'; overlayType: OverlayType; period: string | number; color?: string; now?: number; random?: number }
  | { type: 'update'; id: string; patch: Partial<Omit<Overlay, 'id'>> }
  | { type: 'remove'; id: string };

export function overlaysReducer(overlays: Overlay[], action: OverlayAction): Overlay[] {
  switch (action.type) {
    case 'add': {
      const period = committedPeriod(action.period);
      const color = action.color || defaultOverlayColor(action.overlayType, period);
      return [...overlays, { id: overlayId(action.overlayType, period, action.now, action.random), type: action.overlayType, period, visible: true, color, showLabel: true }];
    }
    case 'update':
      return overlays.map((o) => (o.id === action.id ? { ...o, ...action.patch, ...(action.patch.period !== undefined ? { period: committedPeriod(action.patch.period) } : {}) } : o));
    case 'remove':
      return overlays.filter((o) => o.id !== action.id);
  }
}
