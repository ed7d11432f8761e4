// Point-in-time universes against their budgets (ARCHITECTURE.md): a signal portfolio whose universe is
// a saved scan judged on each day as of its close, over 1,600 symbols × 12 years, within 3 s; and a
// universe run with the scan point in time within 1.5× of the same run over today's list (the same
// symbols, floors on in both). Both go through the engine tasks the batch kinds queue ('portfolio',
// 'universeRows' in chunks of 100), on the server's engine pool, over the demo market (its delisted and
// late listings, and its filings with their filing dates and shares).
// POINTINTIME_BENCH_SYMBOLS sets a smaller market to check the suite itself; budgets hold at 1,600 only.
import { DEFAULT_FLOORS, parseScanQuery, type ScanQuery } from '@app/contract';
import type { TemplateInput } from '@app/quant';
import { demoListings, EnginePool, lastWeekdayBefore, memberItems, SeriesCache, type SeriesEntry } from '@app/server/testing';
import { interleavedMedianMs, medianMs, type BenchResult, type BenchSuite } from '../report.ts';

const SYMBOLS = 1600;
const CHUNK = 100;

/** Above its 200-day average, a busy tape, profitable in its last quarter filed by then. */
const SCAN =
  'sma_lte=true&sma_compare=price&sma_period=200' +
  '&vol_avg_gte=50000&vol_avg_period=20' +
  '&netincome__gt=0&fa_compare_period=QUARTERLY';

const template: TemplateInput = {
  position_size: 0.99,
  stop_loss_pct: 0.08,
  indicators: [
    { name: 'RSI', indicator_type: 'BUY', period: 14, compare: '<', cvalue: '35' },
    { name: 'RSI', indicator_type: 'SELL', period: 14, compare: '>', cvalue: '65' },
  ],
};

function scanQuery(): ScanQuery {
  const q = parseScanQuery(new URLSearchParams(SCAN));
  if (!q.ok) throw new Error(JSON.stringify(q.errors));
  return q.value;
}

/** The demo market's listings in a series cache, as the server holds them (bars in shared memory). */
function market(count: number) {
  const endDay = lastWeekdayBefore(new Date('2026-01-15T00:00:00Z'));
  const entries: SeriesEntry[] = [];
  for (const l of demoListings({ seed: 20260101, count, endDay })) {
    if (l.bars.close.length < 2) continue;
    entries.push({
      info: l.info,
      bars: l.bars,
      quarterly: l.fundamentals.filter((p) => p.period_type === 'QUARTERLY'),
      annual: l.fundamentals.filter((p) => p.period_type === 'ANNUAL'),
    });
  }
  const cache = new SeriesCache();
  cache.setEntries(entries);
  return cache;
}

/** Every symbol's whole history as the run's batch kind sends it (only the filings the scan reads). */
function runItems(cache: SeriesCache, query: ScanQuery | null) {
  const all = cache.all();
  const days = all.flatMap((e) => [e.bars.day[0], e.bars.day[e.bars.day.length - 1]]);
  const iso = (d: number) => new Date(d * 86_400_000).toISOString().slice(0, 10);
  return memberItems(cache, all.map((e) => e.info.symbol), iso(Math.min(...days)), iso(Math.max(...days)), query).items;
}

export default {
  name: 'pointintime',
  async run() {
    const results: BenchResult[] = [];
    const symbols = Number(process.env.POINTINTIME_BENCH_SYMBOLS) || SYMBOLS;
    const full = symbols === SYMBOLS;
    const cache = market(symbols);
    const floors = { ...DEFAULT_FLOORS };
    const pointInTime = { query: scanQuery(), floors };
    const items = runItems(cache, pointInTime.query);
    const plainItems = runItems(cache, null);
    const todaysList = { query: null, floors };
    const years = Math.round(Math.max(...items.map((i) => i.to)) / 252);
    const pool = new EnginePool();
    try {
      const portfolio = () =>
        pool.run('portfolio', { template, items, rule: pointInTime, survivorship: '', skipped: [], maxPositions: 20, rankBy: 'rsi_low', benchmark: null });
      const { trades, floors_removed } = await portfolio();
      results.push({
        name: `signal portfolio, saved scan point in time every day: ${items.length.toLocaleString('en-US')} symbols × ${years} years, 20 slots (${trades.length} trades, ${floors_removed} symbol-days floored)`,
        value: await medianMs(portfolio, 5, 1),
        unit: 'ms',
        budget: full ? { limit: 3000, better: 'lower' } : undefined,
      });

      const chunks: (typeof items)[] = [];
      const plainChunks: (typeof items)[] = [];
      for (let k = 0; k < items.length; k += CHUNK) chunks.push(items.slice(k, k + CHUNK));
      for (let k = 0; k < plainItems.length; k += CHUNK) plainChunks.push(plainItems.slice(k, k + CHUNK));
      const rows = (rule: typeof pointInTime | typeof todaysList, of: (typeof items)[]) => () => Promise.all(of.map((c) => pool.run('universeRows', { template, items: c, rule })));
      const [withScan, withList] = await interleavedMedianMs([rows(pointInTime, chunks), rows(todaysList, plainChunks)], 5, 1);
      results.push({
        name: `universe run, saved scan point in time (${withScan.toFixed(0)} ms) vs today's list (${withList.toFixed(0)} ms): ${items.length.toLocaleString('en-US')} symbols × ${years} years, floors on in both`,
        value: withScan / withList,
        unit: '×',
        budget: full ? { limit: 1.5, better: 'lower' } : undefined,
      });
    } finally {
      await pool.close();
    }
    return results;
  },
} satisfies BenchSuite;
