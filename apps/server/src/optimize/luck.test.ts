import { describe, expect, it } from 'vitest';
import { LUCK_MIN_TRADES } from '@app/contract';
import { addCellEquity, emptyBlockSums, probabilityOfOverfitting, seededRandom } from '@app/quant';
import { optimizationLuck, withPbo } from './luck.ts';

// The guards on built series, where the truth is known: a grid whose cells only ride a rising market,
// one whose best cell has a real edge in a flat market, and a best cell with too few trades.

const DAYS = 1500;

/** A price path of daily log-returns drift + vol·N(0, 1) (Box–Muller on a seeded generator). */
function path(drift: number, vol: number, seed: number): Float64Array {
  const rand = seededRandom(seed);
  const out = new Float64Array(DAYS);
  out[0] = 100;
  for (let i = 1; i < DAYS; i++) {
    const z = Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
    out[i] = out[i - 1] * Math.exp(drift + vol * z);
  }
  return out;
}

/** A cell's equity that follows `source`'s daily returns except on the days it sits out. */
function follow(source: Float64Array, sitOut: (i: number) => boolean): Float64Array {
  const eq = new Float64Array(DAYS);
  eq[0] = 10_000;
  for (let i = 1; i < DAYS; i++) eq[i] = eq[i - 1] * (sitOut(i) ? 1 : source[i] / source[i - 1]);
  return eq;
}

/** The guards of a grid of `cells`, cell 0 the best, measured against buying and holding `closes`. */
function guards(closes: Float64Array, cells: Float64Array[], bestTrades: number) {
  const traded = emptyBlockSums(cells.length, DAYS - 1);
  cells.forEach((eq, k) => addCellEquity(traded, k, eq));
  return optimizationLuck({ traded, bestEquity: cells[0], bestTrades, closes, pbo: null })!;
}

describe('is it luck? against buy and hold, and with too few trades', () => {
  it('a grid that only rides a rising market is not green, though its own Deflated Sharpe is high', () => {
    const market = path(0.0012, 0.01, 7);
    // every cell holds the stock but for a few days it sits out (its trades' gaps)
    const cells = Array.from({ length: 20 }, (_, k) => follow(market, (i) => i % (40 + k) === 0));
    const luck = guards(market, cells, 60);
    expect(luck.deflated_sharpe).toBeGreaterThan(0.95); // the premise: alone it would read green
    expect(luck.excess_deflated_sharpe).toBeLessThan(0.95);
    expect(luck.verdict).not.toBe('green');
  });

  it('a best cell with an edge beyond holding the stock is green', () => {
    const market = path(0, 0.01, 11);
    const edge = path(0.0015, 0.008, 13); // its own returns, unrelated to the stock's
    const cells = [follow(edge, () => false), ...Array.from({ length: 19 }, (_, k) => follow(edge, (i) => i % (3 + k) === 0))];
    const luck = guards(market, cells, 80);
    expect(luck.deflated_sharpe).toBeGreaterThan(0.95);
    expect(luck.excess_deflated_sharpe).toBeGreaterThan(0.95);
    expect(luck.verdict).toBe('green');
  });

  it(`says too few trades below ${LUCK_MIN_TRADES} trades of the best cell, whatever the probabilities`, () => {
    const market = path(0, 0.01, 11);
    const edge = path(0.0015, 0.008, 13);
    const cells = Array.from({ length: 20 }, (_, k) => follow(edge, (i) => i % (3 + k) === 0));
    expect(guards(market, cells, LUCK_MIN_TRADES - 1).verdict).toBe('too_few_trades');
    expect(guards(market, cells, LUCK_MIN_TRADES).verdict).not.toBe('too_few_trades');
    expect(guards(market, cells, 5).trades).toBe(5);
  });
});

describe('the PBO joining guards measured without it', () => {
  it('gives what the guards measured with it give, verdict included', () => {
    const market = path(0.0003, 0.01, 9);
    const cells = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((k) => follow(market, (i) => (i + k) % (3 + k) === 0));
    const traded = emptyBlockSums(cells.length, DAYS - 1);
    cells.forEach((eq, k) => addCellEquity(traded, k, eq));
    const pbo = probabilityOfOverfitting(traded);
    const input = { traded, bestEquity: cells[0], bestTrades: LUCK_MIN_TRADES, closes: market };
    const withIt = optimizationLuck({ ...input, pbo })!;
    expect(withIt.pbo).toBe(pbo.pbo);
    expect(withPbo(optimizationLuck({ ...input, pbo: null }), pbo)).toEqual(withIt);
    // the verdict is taken again from the PBO joined, not kept from the guards without it
    const overfit = { ...pbo, pbo: 0.9 };
    expect(withPbo(optimizationLuck({ ...input, pbo: null }), overfit)).toEqual(optimizationLuck({ ...input, pbo: overfit }));
    expect(withPbo(null, pbo)).toBeNull();
  });
});
