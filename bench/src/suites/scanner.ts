import { parseScanQuery } from '@app/contract';
import type { DailyBars } from '@app/quant';
import { demoListings, lastWeekdayBefore, SeriesCache, type SeriesEntry, ScannerEngine, warmScanner, signedInAs, testApp } from '@app/server/testing';
import { medianMs, type BenchResult, type BenchSuite } from '../report.ts';

// A scan of 8,000 symbols with 5 TA and 2 FA filters (ARCHITECTURE.md: warm ≤ 50 ms server time),
// timed cold (first scan of a cache version: every indicator computed), warm (the memo of indicator
// last values filled), and against the naive way measured in the same run: every indicator series
// recomputed for every symbol on every request. The server warms the default filters' values in the
// background after each cache load (scanner/warmup.ts); the first scan after that warm-up is timed too.
//
// The market comes from the demo generator. Generating 8,000 full histories takes minutes and over a
// gigabyte, so 400 demo listings are generated and each is repeated 20 times with its prices scaled
// (distinct symbols, distinct numbers, same shapes), keeping the last 1,000 sessions (4 years: SMA(200)
// and every default warm-up fit many times over).

const SYMBOLS = 8000;
const BASE = 400;
const BARS = 1000;

const QUERY =
  'sma_lte=true&sma_compare=price&sma_period=200' + // TA 1: SMA(200) ≤ price
  '&ema_lte=true&ema_compare=price&ema_period=20' + // TA 2: EMA(20) ≤ price
  '&rsi_gte=40&rsi_lte=75&rsi_period=14' + // TA 3
  '&macd_above_signal=true&macd_fast=12&macd_slow=26&macd_signal=9' + // TA 4
  '&vol_avg_gte=50000&vol_avg_period=20' + // TA 5
  '&fa_metric=revenue&fa_period_type=QUARTERLY&fa_direction=increasing&fa_consecutive_periods=2' + // FA 1
  '&netincome__gt=0&fa_compare_period=QUARTERLY' + // FA 2
  '&ordering=-volume&page_size=50';

function tail(bars: DailyBars, scale: number, shared?: DailyBars): DailyBars {
  const from = Math.max(0, bars.close.length - BARS);
  const scaled = (a: Float64Array) => a.slice(from).map((v) => v * scale);
  return {
    day: shared?.day ?? bars.day.slice(from),
    volume: shared?.volume ?? bars.volume.slice(from),
    open: scaled(bars.open),
    high: scaled(bars.high),
    low: scaled(bars.low),
    close: scaled(bars.close),
  };
}

function buildMarket(): SeriesEntry[] {
  const entries: SeriesEntry[] = [];
  const endDay = lastWeekdayBefore(new Date('2026-01-15T00:00:00Z'));
  for (const l of demoListings({ seed: 20260101, count: BASE, endDay })) {
    const base = tail(l.bars, 1);
    const quarterly = l.fundamentals.filter((p) => p.period_type === 'QUARTERLY');
    const annual = l.fundamentals.filter((p) => p.period_type === 'ANNUAL');
    for (let r = 0; r < SYMBOLS / BASE; r++) {
      const symbol = r === 0 ? l.info.symbol : `${l.info.symbol}.${r}`;
      entries.push({
        info: { ...l.info, symbol },
        bars: r === 0 ? base : tail(l.bars, 1 + r * 0.013, base),
        quarterly: quarterly.map((p) => ({ ...p, symbol })),
        annual: annual.map((p) => ({ ...p, symbol })),
      });
    }
  }
  return entries;
}

const suite: BenchSuite = {
  name: 'scanner',
  async run(): Promise<BenchResult[]> {
    const cache = new SeriesCache();
    cache.setEntries(buildMarket());
    // the server's time for a request: validating the query string, then the scan
    const serve = (engine: ScannerEngine) => {
      const q = parseScanQuery(new URLSearchParams(QUERY));
      if (!q.ok) throw new Error(JSON.stringify(q.errors));
      return engine.scan(q.value);
    };

    const cold = await medianMs(() => serve(new ScannerEngine(cache)), 3, 0);
    const engine = new ScannerEngine(cache);
    const { count } = serve(engine);
    const warm = await medianMs(() => serve(engine), 25, 3);
    // a fresh cache version warmed in the background, then the first scan of it
    const warmups: number[] = [];
    const firsts: number[] = [];
    for (let r = 0; r < 3; r++) {
      const fresh = new ScannerEngine(cache);
      let t = performance.now();
      await warmScanner(fresh);
      warmups.push(performance.now() - t);
      t = performance.now();
      serve(fresh);
      firsts.push(performance.now() - t);
    }
    const median = (v: number[]) => v.sort((a, b) => a - b)[Math.floor(v.length / 2)];
    const naive = await medianMs(() => serve(new ScannerEngine(cache, { memo: false })), 3, 0);
    if (serve(new ScannerEngine(cache, { memo: false })).count !== count) throw new Error('naive scan disagrees');

    // the whole request through the real app (auth lookup, validation, scan, JSON), warm
    const t = await testApp('pglite');
    let http: number;
    try {
      t.deps.series.setEntries(cache.all());
      const { headers } = await signedInAs(t, 'bench-scanner@example.com');
      const get = async () => {
        const r = await t.app.inject({ method: 'GET', url: `/api/scanner/stocks/?${QUERY}`, headers });
        if (r.statusCode !== 200) throw new Error(r.body);
      };
      await get();
      http = await medianMs(get, 25, 3);
    } finally {
      await t.close();
    }

    const label = `${cache.size} symbols × ${BARS} bars, 5 TA + 2 FA (${count} match)`;
    const baseline = { name: 'naive (indicators recomputed per request)', value: naive };
    return [
      { name: `scan ${label}, warm`, value: warm, unit: 'ms', budget: { limit: 50, better: 'lower' }, baseline },
      { name: `GET /api/scanner/stocks/ of that scan, warm`, value: http, unit: 'ms', budget: { limit: 50, better: 'lower' }, baseline },
      { name: `scan ${label}, cold`, value: cold, unit: 'ms', baseline },
      { name: `scan ${label}, first after the background warm-up`, value: median(firsts), unit: 'ms', budget: { limit: 50, better: 'lower' }, baseline },
      { name: `background warm-up of the default filters' values (${cache.size} symbols, event loop free between chunks)`, value: median(warmups), unit: 'ms' },
    ];
  },
};

export default suite;
