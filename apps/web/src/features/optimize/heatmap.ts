import { formatStat } from '../../lib/backtestFormat.ts';
import type { GridValue } from '@app/contract';
import { contrastRatio, type Rgb } from '../../lib/contrast.ts';

// The heatmap of an optimisation as pure functions: a cell's place in the grid (the last parameter
// changes fastest, as the API lists the cells), the 2-D slice through two parameters with the others
// held at the best cell's values, and the colour scale.

/** How far apart in grid order the values of each parameter are: [n1·n2·…, …, nk, 1]. */
export function strides(lengths: readonly number[]): number[] {
  const s = new Array<number>(lengths.length);
  let step = 1;
  for (let k = lengths.length - 1; k >= 0; k--) {
    s[k] = step;
    step *= lengths[k];
  }
  return s;
}

/** The value position of each parameter in cell `index`. */
export function coordsOf(index: number, lengths: readonly number[]): number[] {
  const s = strides(lengths);
  return s.map((step, k) => Math.floor(index / step) % lengths[k]);
}

/** The cell at these value positions. */
export function indexOf(coords: readonly number[], lengths: readonly number[]): number {
  const s = strides(lengths);
  return coords.reduce((sum, c, k) => sum + c * s[k], 0);
}

export interface HeatCell {
  index: number;
  value: number | null;
}

export interface Slice {
  /** the values along x (columns) and y (rows; one row when there is no y) */
  xs: GridValue[];
  ys: GridValue[];
  /** rows[y][x] */
  rows: HeatCell[][];
  /** the lowest and highest values shown (null when every cell is empty) */
  min: number | null;
  max: number | null;
}

/** The cells that vary parameters `x` and `y` (null: x only), every other parameter at `fixed`'s positions. */
export function sliceHeatmap(heatmap: readonly (number | null)[], values: readonly (readonly GridValue[])[], x: number, y: number | null, fixed: readonly number[]): Slice {
  const lengths = values.map((v) => v.length);
  const coords = [...fixed];
  const ys = y === null ? [null] : values[y];
  let min: number | null = null;
  let max: number | null = null;
  const rows = ys.map((_, j) => {
    if (y !== null) coords[y] = j;
    return values[x].map((__, i) => {
      coords[x] = i;
      const index = indexOf(coords, lengths);
      const value = heatmap[index] ?? null;
      if (value !== null && Number.isFinite(value)) {
        min = min === null ? value : Math.min(min, value);
        max = max === null ? value : Math.max(max, value);
      }
      return { index, value };
    });
  });
  return { xs: [...values[x]], ys: y === null ? [] : [...values[y]], rows, min, max };
}

/** A search's slice through parameters `x` and `y` (null: x only): at each point the best value among
 *  the cells it tried there, whatever their other values (its cell is the one picked there); empty where
 *  no tried cell has a value. `tried[i]` is the grid index of `heatmap[i]`. */
export function projectTried(
  heatmap: readonly (number | null)[],
  tried: readonly number[],
  values: readonly (readonly GridValue[])[],
  x: number,
  y: number | null,
  direction: 'maximize' | 'minimize',
): Slice {
  const lengths = values.map((v) => v.length);
  const ys = y === null ? [null] : values[y];
  const rows: HeatCell[][] = ys.map(() => values[x].map(() => ({ index: -1, value: null })));
  let min: number | null = null;
  let max: number | null = null;
  const better = (a: number, b: number) => (direction === 'maximize' ? a > b : a < b);
  tried.forEach((cell, k) => {
    const c = coordsOf(cell, lengths);
    const at = rows[y === null ? 0 : c[y]][c[x]];
    const value = heatmap[k];
    if (value === null || !Number.isFinite(value)) {
      if (at.index < 0) at.index = cell;
      return;
    }
    if (at.value === null || better(value, at.value) || (value === at.value && cell < at.index)) {
      at.index = cell;
      at.value = value;
    }
    min = min === null ? value : Math.min(min, value);
    max = max === null ? value : Math.max(max, value);
  });
  return { xs: [...values[x]], ys: y === null ? [] : [...values[y]], rows, min, max };
}

// viridis at 0, ¼, ½, ¾, 1: ordered in lightness, readable in print and for colour-blind eyes
const STOPS: [number, number, number][] = [
  [68, 1, 84],
  [59, 82, 139],
  [33, 145, 140],
  [94, 201, 98],
  [253, 231, 37],
];

/** The colour at t ∈ [0, 1] from dark purple (0) to yellow (1), as channels. */
function scaleRgb(t: number): Rgb {
  const u = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (STOPS.length - 1);
  const k = Math.min(STOPS.length - 2, Math.floor(u));
  const f = u - k;
  const [a, b] = [STOPS[k], STOPS[k + 1]];
  const [r, g, bl] = a.map((v, i) => Math.round(v + (b[i] - v) * f));
  return [r, g, bl];
}

/** The colour at t ∈ [0, 1] from dark purple (0) to yellow (1). */
export function scaleColour(t: number): string {
  const c = scaleRgb(t);
  return `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
}

/** Where a value sits on the scale: 1 is the best end (the highest when maximising, the lowest when
 *  minimising); 1 for every cell when they are all equal; null for an empty cell. */
export function scalePosition(value: number | null, min: number | null, max: number | null, direction: 'maximize' | 'minimize'): number | null {
  if (value === null || min === null || max === null || !Number.isFinite(value)) return null;
  if (max === min) return 1;
  const t = (value - min) / (max - min);
  return direction === 'maximize' ? t : 1 - t;
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
/** Text that stays readable on a scale colour: white or black, whichever contrasts more (one of
 *  them is always above 4.5:1; a dark slate instead of black falls below it mid-scale). */
export const textOn = (t: number) => (contrastRatio(scaleRgb(t), WHITE) >= contrastRatio(scaleRgb(t), BLACK) ? '#ffffff' : '#000000');

/** A statistic as the screen shows it: 2 decimals, whole counts as such, empty as —. */
export function formatValue(v: number | null | undefined, key?: string): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  // the Backtest screen's rule: 2 decimals in every row of a column, whole numbers for counts
  return formatStat(v, key);
}

/** Seconds as "45 s", "3 min", "1 h 5 min". */
export function formatEta(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const min = Math.round(seconds / 60);
  return min < 60 ? `${min} min` : `${Math.floor(min / 60)} h ${min % 60} min`;
}

/** The cell under a point of a plot `width` × `height` of `cols` × `rows` equal cells (clamped). */
export function cellAt(px: number, py: number, width: number, height: number, cols: number, rows: number): { i: number; j: number } {
  const clamp = (v: number, n: number) => Math.min(n - 1, Math.max(0, Math.floor(v)));
  return { i: clamp((px / width) * cols, cols), j: clamp((py / height) * rows, rows) };
}

/** One row of a big heatmap as a single CSS background: hard colour stops, one band per cell,
 *  transparent where a cell is empty (the row's own background shows). */
export function rowGradient(colours: readonly (string | null)[]): string {
  const n = colours.length;
  const at = (k: number) => `${Number(((k / n) * 100).toFixed(4))}%`;
  return `linear-gradient(to right, ${colours.map((c, k) => `${c ?? 'transparent'} ${at(k)} ${at(k + 1)}`).join(', ')})`;
}
