import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { barsArb } from '../test/arbitraries.ts';
import { compileSide, holdsAt, operandSeries, EQUAL_TOLERANCE, PRICE_FIELD } from '../conditions.ts';
import { runTemplate } from '../engine.ts';
import { normalizeTemplate, TemplateError, type Condition, type IndicatorInput, type Template, type TemplateInput } from '../template.ts';
import { INDICATOR_SPECS, isPriceLike, type IndicatorName } from '../indicatorSpecs.ts';
import { cellTemplate, GridError, parseGrid, type Grid, type GridInput } from './grid.ts';
import { evaluateCells } from './optimize.ts';
import type { DailyBars } from '../types.ts';

// The grid's fast path (one series cache for every cell: EMAs shared by period, crosses computed from
// both sides, series shared across rows and cells) must decide exactly what a plain reading of each
// cell's rows decides. Random templates of any indicator, output, operator (crosses included), number,
// price or another indicator, in groups, under random grids: a cache key that confused two series
// would make some cell read the wrong one.

const NAMES = Object.keys(INDICATOR_SPECS) as IndicatorName[];
const OPS = ['>', '<', '=', '≥', '≤', 'crosses_above', 'crosses_below'] as const;

const operandArb = fc.record({
  name: fc.constantFrom(...NAMES),
  outputPick: fc.nat(3),
  period: fc.integer({ min: 1, max: 12 }),
  fast: fc.integer({ min: 1, max: 8 }),
  slow: fc.integer({ min: 1, max: 12 }),
  signal: fc.integer({ min: 1, max: 6 }),
  offset: fc.integer({ min: 0, max: 2 }),
});
type OperandPick = typeof operandArb extends fc.Arbitrary<infer T> ? T : never;

function operandInput(o: OperandPick) {
  const outputs = INDICATOR_SPECS[o.name].outputs;
  const output = outputs[o.outputPick % outputs.length].name;
  return { name: o.name, output, period: o.period, fast: o.fast, slow: o.slow, signal: o.signal, offset: o.offset, length: o.period };
}

const rowArb = fc.record({
  left: operandArb,
  right: fc.option(operandArb, { nil: null }),
  side: fc.constantFrom('BUY', 'SELL'),
  compare: fc.constantFrom(...OPS),
  cvalue: fc.integer({ min: -60, max: 110 }),
  cprice: fc.constantFrom('CLOSE', 'OPEN', 'HIGH', 'LOW'),
  group: fc.integer({ min: 0, max: 1 }),
}).map((r): IndicatorInput => {
  const left = operandInput(r.left);
  const base = { ...left, indicator_type: r.side, compare: r.compare, group: r.group };
  if (r.right) return { ...base, against: operandInput(r.right) };
  return isPriceLike(left.name, left.output) ? { ...base, cprice: r.cprice } : { ...base, cvalue: String(r.cvalue) };
});

const paramArb = fc.record({
  row: fc.nat(3),
  field: fc.constantFrom('period', 'fast', 'slow', 'signal', 'cvalue', 'offset', 'against.period', 'against.fast', 'against.slow'),
  values: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 3 }),
});

/** The template and grid, or null when the random draw is not a valid pair. */
function validPair(rows: IndicatorInput[], params: { row: number; field: string; values: number[] }[]): { input: TemplateInput; grid: Grid } | null {
  const input: TemplateInput = { position_size: 0.9999, indicators: rows };
  try {
    normalizeTemplate(input);
    const gridInput: GridInput = {
      maximize: 'Return [%]',
      params: params.map((p) => ({ row: p.row % rows.length, field: p.field, values: p.field === 'cvalue' ? p.values.map((v) => String(v * 9)) : p.values })),
    };
    return { input, grid: parseGrid(gridInput, input) };
  } catch (e) {
    if (e instanceof TemplateError || e instanceof GridError) return null;
    throw e;
  }
}

/** A deliberately plain reading of one side at bar i: each row's two series computed afresh (no
 *  cache), compared as the strategy language defines it. */
function plainHolds(bars: DailyBars, t: Template, side: string, i: number): boolean {
  const groups = new Map<number, boolean>();
  for (const c of t.conditions) {
    if (c.side !== side) continue;
    groups.set(c.group, (groups.get(c.group) ?? true) && rowHolds(bars, c, i));
  }
  return [...groups.values()].some(Boolean);
}

function rowHolds(bars: DailyBars, c: Condition, i: number): boolean {
  const left = operandSeries(bars, c);
  const right = c.against ? operandSeries(bars, c.against) : Number.isNaN(c.value) ? bars[PRICE_FIELD[c.cprice]] : null;
  const x = (k: number) => (right ? left[k] - right[k] : left[k]);
  const v = right ? 0 : c.value;
  switch (c.op) {
    case '>': return x(i) > v;
    case '<': return x(i) < v;
    case '>=': return x(i) >= v;
    case '<=': return x(i) <= v;
    case '=': return Math.abs(x(i) - v) < EQUAL_TOLERANCE;
    case 'crosses_above': return i > 0 && x(i) > v && x(i - 1) <= v;
    case 'crosses_below': return i > 0 && x(i) < v && x(i - 1) >= v;
  }
}

describe('the compiled grid path decides as the plain evaluation', () => {
  it('every cell, every bar: sides compiled on one shared cache hold where the plain reading holds', () => {
    fc.assert(fc.property(barsArb(30, 90), fc.array(rowArb, { minLength: 1, maxLength: 4 }), fc.array(paramArb, { minLength: 1, maxLength: 2 }), (bars, rows, params) => {
      const pair = validPair(rows, params);
      if (!pair) return;
      const shared = new Map<string, Float64Array>();
      for (let cell = 0; cell < pair.grid.cells; cell++) {
        const t = cellTemplate(pair.grid, cell);
        for (const side of ['BUY', 'SELL'] as const) {
          const compiled = compileSide(bars, t.conditions, side, shared);
          for (let i = 0; i < bars.close.length; i++) {
            if (holdsAt(compiled, i) !== plainHolds(bars, t, side, i)) {
              expect.fail(`cell ${cell} ${side} bar ${i}: compiled ${holdsAt(compiled, i)}, plain ${plainHolds(bars, t, side, i)}`);
            }
          }
        }
      }
    }), { numRuns: 150 });
  });

  it('every cell: the same trades and objective with one cache for the whole grid as with a fresh one per cell', () => {
    fc.assert(fc.property(barsArb(30, 120), fc.array(rowArb, { minLength: 1, maxLength: 4 }), fc.array(paramArb, { minLength: 1, maxLength: 2 }), (bars, rows, params) => {
      const pair = validPair(rows, params);
      if (!pair) return;
      const { grid } = pair;
      const shared = new Map<string, Float64Array>();
      const values = evaluateCells(bars, grid, 0, grid.cells, { series: new Map() });
      for (let cell = 0; cell < grid.cells; cell++) {
        const t = cellTemplate(grid, cell);
        expect(runTemplate(bars, t, shared).trades).toEqual(runTemplate(bars, t, new Map()).trades);
        const alone = evaluateCells(bars, grid, cell, cell + 1, { series: new Map() })[0];
        expect(Object.is(values[cell], alone) || values[cell] === alone).toBe(true);
      }
    }), { numRuns: 150 });
  });
});
