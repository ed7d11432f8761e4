// The /rchart data path in the browser for 20 years of daily candles (about 5,200): the JSON body
// parsed and coerced, then every series the default layout and the multi-pane view draw (candles,
// volume bars, SMA 20 overlay, RSI 14, MACD 12/26/9, OBV). Rendering itself is lightweight-charts'
// and is checked in e2e/tests/charts.test.ts (frame times logged there).
//
// Baseline, in the same run: the same series computed with the `technicalindicators` package on plain
// arrays and turned into the same chart objects, the way a chart page would without @app/quant.
import { MACD, OBV, RSI, SMA } from 'technicalindicators';
import { macdLines, movingAverageLine, normalizeCandles, obvLine, ohlcData, rsiLine, volumeBars } from '../../../apps/web/src/features/charts/series.ts';
import { medianMs, type BenchResult, type BenchSuite } from '../report.ts';

function twentyYearsJson(): string {
  const rows = [];
  let price = 40;
  let seed = 2006;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) - 0.5;
  const start = Date.UTC(2006, 0, 2) / 1000;
  for (let i = 0; i < 5218; i++) {
    const open = price * (1 + 0.01 * rand());
    const close = open * (1 + 0.03 * rand());
    price = close;
    rows.push({ time: start + i * 86_400, open, high: Math.max(open, close) * 1.01, low: Math.min(open, close) * 0.99, close, volume: Math.round(1e6 * (1 + rand())) });
  }
  return JSON.stringify(rows);
}

const suite: BenchSuite = {
  name: 'charts',
  async run(): Promise<BenchResult[]> {
    const body = twentyYearsJson();
    const parse = await medianMs(() => normalizeCandles(JSON.parse(body) as unknown[]), 30);
    const candles = normalizeCandles(JSON.parse(body) as unknown[]);
    const ours = await medianMs(() => {
      return [ohlcData(candles), volumeBars(candles), movingAverageLine(candles, 'SMA', 20), rsiLine(candles, 14), macdLines(candles, 12, 26, 9), obvLine(candles)];
    }, 30);
    // The baseline pays for the same chart objects ours builds: each output aligned to its candle's
    // time as {time, value}, rounded as the spec says (SMA 2 decimals, MACD 6).
    const r = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;
    const line = (values: number[], map: (v: number) => number = (v) => v) => {
      const lag = candles.length - values.length;
      return values.map((v, i) => ({ time: candles[i + lag].time, value: map(v) }));
    };
    const theirs = await medianMs(() => {
      const close = candles.map((c) => c.close);
      const volume = candles.map((c) => c.volume ?? 0);
      const macd = MACD.calculate({ values: close, fastPeriod: 12, slowPeriod: 26, signalPeriod: 9, SimpleMAOscillator: false, SimpleMASignal: false });
      const macdLag = candles.length - macd.length;
      return [
        ohlcData(candles),
        volumeBars(candles),
        line(SMA.calculate({ period: 20, values: close }), (v) => r(v, 2)),
        line(RSI.calculate({ period: 14, values: close })),
        macd.map((m, i) => ({ time: candles[i + macdLag].time, macd: r(m.MACD ?? NaN, 6), signal: r(m.signal ?? NaN, 6), histogram: r(m.histogram ?? NaN, 6) })),
        line(OBV.calculate({ close, volume })),
      ];
    }, 30);
    return [
      { name: `${candles.length} daily candles: JSON parsed and coerced`, value: parse, unit: 'ms' },
      { name: `${candles.length} daily candles → every /rchart series`, value: ours, unit: 'ms', baseline: { name: 'technicalindicators', value: theirs } },
    ];
  },
};
export default suite;
