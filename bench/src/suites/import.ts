import { existsSync, readdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp, loadConfig, isoFromDay, runImport, csvProvider, readBarsFile, SeriesCache, freshDb, openQueue, EnginePool, type JobQueue } from '@app/server/testing';
import { medianMs, type BenchResult, type BenchSuite } from '../report.ts';

// Importing ../shared/market-data (505 S&P 500 files, 2.4 M daily bars, and ~7,000 screener
// listings) into PGlite, and into PostgreSQL when DATABASE_URL is set. In the same run:
//  - the floor: reading, gunzipping and parsing the files with no database at all;
//  - the naive way: one INSERT per bar into a row-per-bar table, timed on a sample of files and
//    extrapolated to all the bars (running it in full takes many minutes);
//  - a second import of the same files (every symbol compared, nothing written);
//  - loading every symbol's full history into the server's cache (ISSUE: "seconds, not minutes");
//  - the history endpoints on AAPL (21 years), with the naive per-request SQL over the row table as
//    baseline (ARCHITECTURE.md: 20 years from dhistory ≤ 20 ms server time).

const shared = new URL('../../../../shared/market-data/', import.meta.url).pathname;
const barsDir = shared + 'sp500-daily-adjusted/';
const SAMPLE = 5;

async function suiteFor(kind: 'pglite' | 'postgres'): Promise<BenchResult[]> {
  const db = await freshDb(kind);
  const out: BenchResult[] = [];
  let app: FastifyInstance | null = null;
  let queue: JobQueue | null = null;
  try {
    // Naive baseline on a sample, into its own table.
    await db.exec(`CREATE TABLE naive_bars (symbol text, day date, open float8, high float8, low float8, close float8, volume float8, PRIMARY KEY (symbol, day))`);
    const files = readdirSync(barsDir).filter((f) => f.startsWith('DA-')).sort();
    const sample = ['AAPL', 'MSFT', 'XOM', 'JPM', 'KO'].map((s) => files.find((f) => f.startsWith(`DA-${s}-T-`))!).slice(0, SAMPLE);
    let sampleBars = 0;
    const t0 = performance.now();
    for (const f of sample) {
      const item = readBarsFile(barsDir + f);
      const b = item.bars!;
      await db.tx(async (t) => {
        for (let i = 0; i < b.day.length; i++) {
          await t.query(`INSERT INTO naive_bars VALUES ($1, $2, $3, $4, $5, $6, $7)`, [item.symbol, isoFromDay(b.day[i]), b.open[i], b.high[i], b.low[i], b.close[i], b.volume[i]]);
        }
      });
      sampleBars += b.day.length;
    }
    const naivePerBar = (performance.now() - t0) / sampleBars;

    const run = () => runImport(db, [csvProvider([shared])], { command: 'import', sources: shared });
    let t = performance.now();
    const first = await run();
    const importMs = performance.now() - t;
    const totalBars = first.barsWritten;
    out.push({ name: `${kind}: full import (505 files, ${(totalBars / 1e6).toFixed(2)} M bars, ${first.symbolsWritten} listings)`, value: importMs, unit: 'ms', baseline: { name: `row-per-bar INSERTs (${SAMPLE} files, extrapolated)`, value: naivePerBar * totalBars } });
    t = performance.now();
    const second = await run();
    if (second.barsWritten || second.symbolsWritten) throw new Error('second import wrote rows');
    out.push({ name: `${kind}: second import of the same files (nothing to write)`, value: performance.now() - t, unit: 'ms' });

    const series = new SeriesCache();
    t = performance.now();
    await series.load(db);
    out.push({ name: `${kind}: load every symbol's full history into the cache (${series.size} listings)`, value: performance.now() - t, unit: 'ms', budget: { limit: 10_000, better: 'lower' } });

    queue = await openQueue(db);
    app = await buildApp({ config: loadConfig({ webDist: '/nonexistent' }), db, series, queue, engine: new EnginePool({ threads: 1, warm: false }) });
    const to = Math.floor(Date.parse('2021-04-22') / 1000);
    const from = Math.floor(Date.parse('2001-04-22') / 1000);
    const naive = await medianMs(async () => {
      const rows = await db.query<{ day: string; open: number; high: number; low: number; close: number; volume: number }>(`SELECT day, open, high, low, close, volume FROM naive_bars WHERE symbol = 'AAPL' AND day BETWEEN $1 AND $2 ORDER BY day`, ['2001-04-22', '2021-04-22']);
      JSON.stringify(rows.map((r) => ({ time: Date.parse(r.day) / 1000, open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume })));
    }, 10, 2);
    const dh = await medianMs(() => app!.inject({ url: `/api/charts/dhistory/?symbol=AAPL&resolution=D&from=${from}&to=${to}` }), 30, 5);
    out.push({ name: `${kind}: GET /api/charts/dhistory/ AAPL, 20 years`, value: dh, unit: 'ms', budget: { limit: 20, better: 'lower' }, baseline: { name: 'SQL rows per request + JSON', value: naive } });
    for (const [freq, id] of [['daily', 0], ['weekly', 1], ['monthly', 2]] as const) {
      const ms = await medianMs(() => app!.inject({ url: `/api/charts/history/?symbol=AAPL&frequencyID=${id}` }), 30, 5);
      out.push({ name: `${kind}: GET /api/charts/history/ AAPL ${freq}, 1999–2021`, value: ms, unit: 'ms' });
    }
  } finally {
    await app?.close();
    await queue?.stop(1000);
    await db.drop();
  }
  return out;
}

const suite: BenchSuite = {
  name: 'import',
  async run() {
    if (!existsSync(barsDir)) {
      console.log('  (skipped: ../shared/market-data is absent)');
      return [];
    }
    const files = readdirSync(barsDir).filter((f) => f.startsWith('DA-'));
    const t = performance.now();
    for (const f of files) readBarsFile(barsDir + f);
    const results: BenchResult[] = [{ name: 'read, gunzip and parse the 505 files (no database: the floor)', value: performance.now() - t, unit: 'ms' }];
    results.push(...(await suiteFor('pglite')));
    if (process.env.DATABASE_URL) results.push(...(await suiteFor('postgres')));
    return results;
  },
};
export default suite;
