// The strategy language's speed (issue budgets beside ARCHITECTURE.md "Performance budgets"): each new
// indicator's throughput on 5,000 bars beside `technicalindicators` on the same arrays, a four-row
// template of the new indicators (against and a cross) against the plain RSI template, and a 400-cell
// grid over a MACD crossover's fast × slow against backtesting.py's published time for 400 runs.
import { ADX, BollingerBands, CCI, MACD, ROC, Stochastic, WilliamsR } from 'technicalindicators';
import { backtest, evaluateCells, indicators, normalizeTemplate, parseGrid, type GridInput, type TemplateInput } from '@app/quant';
import { EnginePool, evaluateGrid } from '@app/server/testing';
import { syntheticBars } from '../data.ts';
import { interleavedMedianMs, medianMs, type BenchResult, type BenchSuite } from '../report.ts';

const BARS = 5_000;
/** calls per timing: one call on 5,000 bars takes tens of microseconds (technicalindicators' a millisecond) */
const REPS = 50;
const THEIR_REPS = 5;
/** timings before the measured ones; both sides warm up on the same number of calls, so each is timed
 *  in its optimised code (technicalindicators warmed on three calls ran 1.4–2.5× slower than warm,
 *  which flattered our ratios) */
const WARM_CALLS = 500;
const BACKTESTING_PY_MS_PER_RUN = 60; // ARCHITECTURE.md: backtesting.py needs ~60 ms per run here

const rsiTemplate = normalizeTemplate({
  position_size: 0.9999,
  indicators: [
    { name: 'RSI', indicator_type: 'BUY', period: 14, compare: '<', cvalue: '30' },
    { name: 'RSI', indicator_type: 'SELL', period: 14, compare: '>', cvalue: '70' },
  ],
});
const newRows = normalizeTemplate({
  position_size: 0.9999,
  indicators: [
    { name: 'MACD', indicator_type: 'BUY', output: 'macd', compare: 'crosses_above', against: { name: 'MACD', output: 'signal' } },
    { name: 'ADX', indicator_type: 'BUY', output: 'adx', compare: '>', cvalue: '20' },
    { name: 'STOCH', indicator_type: 'SELL', output: 'k', compare: 'crosses_below', against: { name: 'STOCH', output: 'd' } },
    { name: 'BBANDS', indicator_type: 'SELL', output: 'upper', compare: '<', cprice: 'CLOSE', group: 1 },
  ],
});
const macdCross: TemplateInput = {
  position_size: 0.9999,
  indicators: [
    { name: 'MACD', indicator_type: 'BUY', output: 'macd', compare: 'crosses_above', against: { name: 'MACD', output: 'signal' } },
    { name: 'MACD', indicator_type: 'SELL', output: 'macd', compare: 'crosses_below', against: { name: 'MACD', output: 'signal' } },
  ],
};
const range = (n: number, from: number, step = 1) => Array.from({ length: n }, (_, i) => from + i * step);
const repeat = (fn: () => unknown, reps = REPS) => () => { for (let k = 0; k < reps; k++) fn(); };

export default {
  name: 'strategy',
  async run() {
    const results: BenchResult[] = [];
    const bars = syntheticBars(BARS, 11);
    const { high, low, close } = bars;
    // technicalindicators takes plain arrays: converted once, outside the timing
    const [h, l, c] = [Array.from(high), Array.from(low), Array.from(close)];
    const perSecond = (ms: number) => (BARS * REPS) / (ms / 1000);
    const pairs: [string, () => unknown, (() => unknown) | null][] = [
      ['MACD(12,26,9)', () => indicators.macd(close, 12, 26, 9), () => MACD.calculate({ values: c, fastPeriod: 12, slowPeriod: 26, signalPeriod: 9, SimpleMAOscillator: false, SimpleMASignal: false })],
      ['BBANDS(20,2)', () => indicators.bbands(close, 20, 2), () => BollingerBands.calculate({ values: c, period: 20, stdDev: 2 })],
      ['STOCH(14,3,3)', () => indicators.stoch(high, low, close, 14, 3, 3), () => Stochastic.calculate({ high: h, low: l, close: c, period: 14, signalPeriod: 3 })],
      ['ADX(14)', () => indicators.adx(high, low, close, 14), () => ADX.calculate({ high: h, low: l, close: c, period: 14 })],
      ['CCI(20)', () => indicators.cci(high, low, close, 20), () => CCI.calculate({ high: h, low: l, close: c, period: 20 })],
      ['ROC(10)', () => indicators.roc(close, 10), () => ROC.calculate({ values: c, period: 10 })],
      ['WILLR(14)', () => indicators.willr(high, low, close, 14), () => WilliamsR.calculate({ high: h, low: l, close: c, period: 14 })],
    ];
    for (const [name, ours, theirs] of pairs) {
      const oursRate = perSecond(await medianMs(repeat(ours), 41, WARM_CALLS / REPS));
      const theirRate = theirs ? (BARS * THEIR_REPS) / ((await medianMs(repeat(theirs, THEIR_REPS), 41, WARM_CALLS / THEIR_REPS)) / 1000) : NaN;
      results.push({
        name: `${name} on ${BARS.toLocaleString('en-US')} bars, throughput`,
        value: oursRate,
        unit: 'bars/s',
        // the range indicators (a window's extremes or mean deviation per bar) have the lower bar
        budget: { limit: /^(STOCH|ADX|CCI)/.test(name) ? 40e6 : 100e6, better: 'higher' },
        baseline: { name: 'technicalindicators', value: theirRate },
      });
      results.push({ name: `${name} speed-up over technicalindicators`, value: oursRate / theirRate, unit: '×', budget: { limit: 20, better: 'higher' } });
    }

    // The whole backtest, indicators included, as a user's run computes it; both templates checked
    // beforehand, as a stored template is (checking a template is not the backtest's work).
    const [rsiMs, newMs] = await interleavedMedianMs([() => backtest(bars, rsiTemplate), () => backtest(bars, newRows)], 301, 30);
    results.push({ name: `plain RSI template (2 rows), ${BARS.toLocaleString('en-US')} bars`, value: rsiMs, unit: 'ms' });
    results.push({ name: 'four rows of new indicators (MACD cross of its signal, ADX, Stochastic cross, Bollinger vs close)', value: newMs, unit: 'ms' });
    results.push({ name: 'four new-indicator rows ÷ plain RSI template', value: newMs / rsiMs, unit: '×', budget: { limit: 1.5, better: 'lower' } });

    // 20 fast × 20 slow MACD crossovers, both rows linked: every cell a distinct MACD.
    const grid: GridInput = { maximize: 'Return [%]', params: [{ rows: [0, 1], field: 'fast', values: range(20, 4) }, { rows: [0, 1], field: 'slow', values: range(20, 24, 2) }] };
    const g = parseGrid(grid, macdCross);
    const oneThread = await medianMs(() => evaluateCells(bars, g, 0, g.cells, { series: new Map() }), 7, 2);
    results.push({ name: `400-cell MACD fast × slow grid, ${BARS.toLocaleString('en-US')} bars, this thread`, value: oneThread, unit: 'ms' });
    const pool = new EnginePool();
    try {
      await evaluateGrid(pool, bars, macdCross, grid, g); // threads warm
      const poolMs = await medianMs(() => evaluateGrid(pool, bars, macdCross, grid, g), 7, 1);
      results.push({ name: `400-cell MACD fast × slow grid, ${pool.threads} threads`, value: poolMs, unit: 'ms' });
      // the processor time of every thread of the process (engine threads, their collectors and
      // compilers, this one) per grid: the threads' wall time beside it shows whether they ran in
      // parallel or waited for a core
      const runs = 7;
      const before = process.cpuUsage();
      for (let k = 0; k < runs; k++) await evaluateGrid(pool, bars, macdCross, grid, g);
      const cpu = process.cpuUsage(before);
      results.push({ name: `400-cell MACD grid, processor time of all threads per grid`, value: (cpu.user + cpu.system) / 1000 / runs, unit: 'ms' });
      results.push({
        name: '400-cell MACD grid, speed-up over backtesting.py (400 × 60 ms)',
        value: (BACKTESTING_PY_MS_PER_RUN * 400) / poolMs,
        unit: '×',
        budget: { limit: 500, better: 'higher' },
      });
    } finally {
      await pool.close();
    }
    return results;
  },
} satisfies BenchSuite;
