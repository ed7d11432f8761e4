import { describe, expect, it } from 'vitest';
import { allocBars, type GridInput, type TemplateInput } from '@app/quant';
import { gridEntry } from './gridCache.ts';
import { sharedBars } from '@app/quant';

const template: TemplateInput = { position_size: 0.5, indicators: [{ name: 'RSI', indicator_type: 'BUY', period: 14, compare: '<', cvalue: '30' }] };
const grid: GridInput = { maximize: 'Return [%]', params: [{ row: 0, field: 'period', values: [5, 10] }] };

describe('a thread keeps grids between chunks', () => {
  it('gives the same grid and series cache for the same key, a fresh one for another key or none', () => {
    const a = gridEntry('run-a', grid, template);
    expect(gridEntry('run-a', grid, template)).toBe(a);
    expect(gridEntry('run-b', grid, template)).not.toBe(a);
    expect(gridEntry(undefined, grid, template)).not.toBe(gridEntry(undefined, grid, template));
    expect(a.grid.cells).toBe(2);
  });

  it('keeps the most recently used few and forgets the oldest', () => {
    const first = gridEntry('old', grid, template);
    for (const k of ['k1', 'k2', 'k3']) gridEntry(k, grid, template);
    expect(gridEntry('old', grid, template)).toBe(first); // used again: now the newest
    gridEntry('k4', grid, template); // one too many: k1, the least recently used, goes
    expect(gridEntry('old', grid, template)).toBe(first);
    for (const k of ['k5', 'k6', 'k7', 'k8']) gridEntry(k, grid, template);
    expect(gridEntry('old', grid, template)).not.toBe(first);
  });
});

describe('sharedBars', () => {
  it('copies the columns into shared memory once, values unchanged', () => {
    const bars = allocBars(3);
    bars.close.set([1, 2, 3]);
    bars.day.set([10, 11, 12]);
    const shared = sharedBars(bars);
    expect(shared.close.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(shared.day.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Array.from(shared.close)).toEqual([1, 2, 3]);
    expect(Array.from(shared.day)).toEqual([10, 11, 12]);
    expect(sharedBars(shared).close).toBe(shared.close);
  });
});
