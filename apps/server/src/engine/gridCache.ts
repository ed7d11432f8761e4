// A worker thread's parsed grids and indicator series, kept between the chunks of one grid: a grid's
// chunks all reach the same few threads, and without this each chunk would check the grid again and
// recompute every indicator series it reads (for small chunks, more work than the cells themselves).
import { parseGrid, type Grid, type GridInput, type TemplateInput } from '@app/quant';

/** Grids kept per thread; the oldest goes first. A few, for jobs that take turns on one thread. */
const KEPT = 4;

interface Entry {
  grid: Grid;
  series: Map<string, Float64Array>;
}
const entries = new Map<string, Entry>();

/** The checked grid and the series cache for `key` (one grid on the same bars), made on first use.
 *  Without a key nothing is kept. */
export function gridEntry(key: string | undefined, gridInput: GridInput, template: TemplateInput): Entry {
  const kept = key === undefined ? undefined : entries.get(key);
  if (kept) {
    // most recently used last, so the first key is the oldest
    entries.delete(key!);
    entries.set(key!, kept);
    return kept;
  }
  const entry = { grid: parseGrid(gridInput, template), series: new Map<string, Float64Array>() };
  if (key !== undefined) {
    entries.set(key, entry);
    if (entries.size > KEPT) entries.delete(entries.keys().next().value!);
  }
  return entry;
}
