// Quant core speed (budgets in ARCHITECTURE.md "Performance budgets"): one backtest, a 500-symbol batch,
// and indicator throughput beside the `technicalindicators` package on the same arrays.
import { RSI, EMA, SMA } from 'technicalindicators';
import { backtest, indicators, normalizeTemplate } from '@app/quant';
import { referenceCase, syntheticBars } from '../data.ts';
import { interleavedMedianMs, medianMs, type BenchResult, type BenchSuite } from '../report.ts';

// Three conditions: trend filter and momentum to buy, trend break to sell.
const template = normalizeTemplate({
  position_size: 0.9999,
  commission: 0.001,
  indicators: [
    { name: 'SMA', indicator_type: 'BUY', period: 50, compare: '<', cprice: 'CLOSE' },
    { name: 'RSI', indicator_type: 'BUY', period: 14, drift: 1, compare: '>', cvalue: '50' },
    { name: 'SMA', indicator_type: 'SELL', period: 50, compare: '>', cprice: 'CLOSE' },
  ],
});

const BARS = 5_000;
const SYMBOLS = 500;
const THROUGHPUT_BARS = 200_000;

export default {
  name: 'quant',
  async run() {
    const results: BenchResult[] = [];

    const one = syntheticBars(BARS, 7);
    const trades = backtest(one, template).trades.length;
    results.push({
      name: `backtest, ${BARS.toLocaleString('en-US')} bars, 3 conditions (${trades} trades), engine time`,
      value: await medianMs(() => backtest(one, template), 201, 20),
      unit: 'ms',
      budget: { limit: 1, better: 'lower' },
      baseline: { name: 'backtesting.py (ARCHITECTURE.md figure)', value: 60 },
    });

    // Exits cost at most 1.5× the plain engine time: the public RSI reversion case with and without its
    // stop and target, on the reference data itself (skipped when ../shared is absent).
    const plainCase = referenceCase('AAPL_2010_2021_rsi_reversion');
    const exitsCase = referenceCase('AAPL_2010_2021_rsi_sl_tp');
    if (plainCase && exitsCase) {
      const [plainMs, exitsMs] = await interleavedMedianMs([() => backtest(plainCase.bars, plainCase.template), () => backtest(exitsCase.bars, exitsCase.template)], 401, 40);
      results.push({ name: `AAPL_2010_2021_rsi_reversion (${plainCase.bars.close.length} bars), engine time`, value: plainMs, unit: 'ms' });
      results.push({
        name: 'AAPL_2010_2021_rsi_sl_tp (same bars, 5 % stop, 15 % target), engine time',
        value: exitsMs,
        unit: 'ms',
        baseline: { name: 'backtesting.py (ARCHITECTURE.md figure)', value: 60 },
      });
      results.push({ name: 'exits ÷ plain engine time', value: exitsMs / plainMs, unit: '×', budget: { limit: 1.5, better: 'lower' } });
    }

    const universe = Array.from({ length: SYMBOLS }, (_, i) => syntheticBars(BARS, 1000 + i));
    results.push({
      name: `${SYMBOLS} symbols × ${BARS.toLocaleString('en-US')} bars, one template`,
      value: await medianMs(() => { for (const bars of universe) backtest(bars, template); }, 7, 2),
      unit: 'ms',
      budget: { limit: 1000, better: 'lower' },
    });

    const close = syntheticBars(THROUGHPUT_BARS, 99).close;
    const plain = Array.from(close); // technicalindicators takes plain arrays; converted once, outside the timing
    const perSecond = (ms: number) => THROUGHPUT_BARS / (ms / 1000);
    const pairs: [string, () => unknown, () => unknown][] = [
      ['RSI(14)', () => indicators.rsi(close, 14), () => RSI.calculate({ values: plain, period: 14 })],
      ['EMA(20)', () => indicators.ema(close, 20), () => EMA.calculate({ values: plain, period: 20 })],
      ['SMA(20)', () => indicators.sma(close, 20), () => SMA.calculate({ values: plain, period: 20 })],
    ];
    for (const [name, ours, theirs] of pairs) {
      const oursRate = perSecond(await medianMs(ours, 41, 10));
      const theirRate = perSecond(await medianMs(theirs, 7, 2));
      results.push({
        name: `${name} throughput`,
        value: oursRate,
        unit: 'bars/s',
        budget: { limit: 100e6, better: 'higher' },
        baseline: { name: 'technicalindicators', value: theirRate },
      });
      results.push({ name: `${name} speed-up over technicalindicators`, value: oursRate / theirRate, unit: '×', budget: { limit: 20, better: 'higher' } });
    }
    const bars = syntheticBars(THROUGHPUT_BARS, 42);
    const others: [string, () => unknown][] = [
      ['MACD(12,26,9)', () => indicators.macd(bars.close, 12, 26, 9)],
      ['ATR(14)', () => indicators.atr(bars.high, bars.low, bars.close, 14)],
      ['Supertrend(10,3)', () => indicators.supertrend(bars.high, bars.low, bars.close, 10, 3)],
      ['OBV', () => indicators.obv(bars.close, bars.volume)],
    ];
    for (const [name, fn] of others) results.push({ name: `${name} throughput`, value: perSecond(await medianMs(fn, 21, 5)), unit: 'bars/s' });
    return results;
  },
} satisfies BenchSuite;
