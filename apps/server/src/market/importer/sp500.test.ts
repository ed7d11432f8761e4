import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Candle } from '@app/contract';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { freshDb } from '../../test/testApp.ts';
import { csvProvider } from '../providers/csvFiles.ts';
import { SeriesCache } from '../seriesCache.ts';
import type { ImportReport } from './report.ts';
import { runImport } from './runImport.ts';
import { EnginePool } from '../../engine/pool.ts';
import { openQueue, type JobQueue } from '../../jobs/queue.ts';

// The real data set: 505 S&P 500 members (Alpha Vantage daily_adjusted, one holding an API error)
// and the Nasdaq screener files, imported into PostgreSQL when DATABASE_URL is set, else PGlite.
const shared = new URL('../../../../../../shared/market-data/', import.meta.url).pathname;
const barsDir = shared + 'sp500-daily-adjusted/';
const present = existsSync(barsDir);
const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/** AAPL as the test reads it itself: raw rows, the ARCHITECTURE.md adjustment rule. */
function rawDaily(symbol: string) {
  const file = readdirSync(barsDir).find((f) => f.startsWith(`DA-${symbol}-T-`))!;
  const rows = gunzipSync(readFileSync(barsDir + file)).toString().trim().split('\n').slice(1).map((l) => l.split(','));
  const out = rows.map((r) => ({ date: r[0], o: +r[1], h: +r[2], l: +r[3], c: +r[4], adj: +r[5], v: +r[6], split: +r[8] }));
  let later = 1;
  const adjusted = out.map(() => ({ date: '', open: 0, high: 0, low: 0, close: 0, volume: 0 }));
  for (let i = out.length - 1; i >= 0; i--) {
    const r = out[i];
    const f = r.adj / r.c;
    adjusted[i] = { date: r.date, open: r.o * f, high: r.h * f, low: r.l * f, close: r.adj, volume: r.v * later };
    later *= r.split;
  }
  return { raw: out, adjusted };
}

/** Candles summed by the test: Monday–Friday weeks or calendar months, time = first session. */
function expectedCandles(days: ReturnType<typeof rawDaily>['adjusted'], key: (date: string) => string) {
  const out: Candle[] = [];
  let k = '';
  for (const d of days) {
    const kk = key(d.date);
    if (kk !== k) {
      out.push({ time: Date.parse(d.date + 'T00:00:00Z') / 1000, open: d.open, high: d.high, low: d.low, close: d.close, volume: d.volume });
      k = kk;
    } else {
      const c = out[out.length - 1];
      c.high = Math.max(c.high, d.high);
      c.low = Math.min(c.low, d.low);
      c.close = d.close;
      c.volume! += d.volume;
    }
  }
  return out;
}
const mondayOf = (date: string) => {
  const day = Date.parse(date + 'T00:00:00Z') / 86_400_000;
  return String(day - ((day + 3) % 7)); // 1970-01-01 was a Thursday
};

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

describe.skipIf(!present)(`importing ../shared/market-data into ${kind}`, () => {
  let db: Awaited<ReturnType<typeof freshDb>>;
  let first: ImportReport;
  let second: ImportReport;
  let app: FastifyInstance;
  let queue: JobQueue;
  const files = present ? readdirSync(barsDir).filter((f) => f.endsWith('.csv.gz')) : [];

  beforeAll(async () => {
    db = await freshDb(kind);
    const run = () => runImport(db, [csvProvider([shared])], { command: 'import', sources: shared });
    first = await run();
    second = await run();
    const series = new SeriesCache();
    await series.load(db, [...first.changedSymbols]);
    queue = await openQueue(db);
    app = await buildApp({ config: loadConfig({ webDist: '/nonexistent' }), db, series, queue, engine: new EnginePool({ threads: 1, warm: false }) });
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    await queue?.stop(1000);
    await db?.drop();
  });

  it('imports every good file and reports BF.B with the reason', async () => {
    expect(files).toHaveLength(505);
    const bars = first.entries.filter((e) => e.source.includes('sp500-daily-adjusted'));
    expect(bars).toHaveLength(505);
    expect(bars.filter((e) => e.status === 'rejected').map((e) => [e.symbol, e.problems])).toEqual([['BF.B', ['API error instead of prices ({ Error Message })']]]);
    expect(bars.filter((e) => e.status === 'new')).toHaveLength(504);
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(DISTINCT symbol) AS n FROM daily_bar_chunks`);
    expect(n).toBe(504);
    expect(first.format()).toMatch(/DA-BF\.B-T-2021-04-21\.csv\.gz \[BF\.B\]: API error instead of prices/);
    // Listings from the screener files (~7,000 rows; preferreds reported) and names and sectors
    // from the constituents file for members the 2026 screener no longer lists.
    const [{ listed }] = await db.query<{ listed: number }>(`SELECT count(*) AS listed FROM symbols`);
    expect(listed).toBeGreaterThan(6500);
    const [mmm] = await db.query<any>(`SELECT market, sector FROM symbols WHERE symbol = 'MMM'`);
    expect(mmm.market).toBe('NYSE');
    expect(first.entries.find((e) => e.source.endsWith('nyse.json'))!.problems.join(' ')).toMatch(/preferred share rows/);
  });

  it('changes nothing on a second import', () => {
    expect(second.summary()).toMatchObject({ new: 0, updated: 0, rejected: 1, symbolsWritten: 0, barsWritten: 0 });
    expect(second.changedSymbols.size).toBe(0);
  });

  it('keeps AAPL continuous across its 2020-08-31 4:1 split', async () => {
    const res = await app.inject({ url: '/api/charts/history/?symbol=AAPL&frequencyID=0' });
    const daily = res.json() as Candle[];
    const i = daily.findIndex((c) => c.time === Date.parse('2020-08-31T00:00:00Z') / 1000);
    expect(i).toBeGreaterThan(0);
    expect(Math.abs(daily[i].close / daily[i - 1].close - 1)).toBeLessThan(0.05); // raw data jumps −74 %
    const { raw } = rawDaily('AAPL');
    const r = raw.findIndex((x) => x.date === '2020-08-28');
    expect(raw[r + 1].split).toBe(4);
    expect(raw[r].c / raw[r + 1].c).toBeGreaterThan(3.5);
    expect(daily[i - 1].volume).toBe(raw[r].v * 4);
    expect(daily[i].volume).toBe(raw[r + 1].v);
    expect(daily[0].close).toBeLessThan(1); // 1999 in today's shares: four splits (2:1, 2:1, 7:1, 4:1)
  });

  it.each([
    ['weekly', 1, mondayOf],
    ['monthly', 2, (d: string) => d.slice(0, 7)],
  ] as const)('answers %s candles equal to sums computed here', async (_name, id, key) => {
    for (const symbol of ['AAPL', 'MSFT', 'XOM']) {
      const res = await app.inject({ url: `/api/charts/history/?symbol=${symbol}&frequencyID=${id}` });
      expect(res.statusCode).toBe(200);
      const got = res.json() as Candle[];
      const want = expectedCandles(rawDaily(symbol).adjusted, key);
      expect(got.length).toBe(want.length);
      for (let k = 0; k < want.length; k++) {
        const [g, w] = [got[k], want[k]];
        expect(g.time).toBe(w.time);
        for (const f of ['open', 'high', 'low', 'close', 'volume'] as const) {
          if (!close(g[f]!, w[f]!)) expect.fail(`${symbol} ${_name} candle ${new Date(w.time * 1000).toISOString().slice(0, 10)} ${f}: ${g[f]} ≠ ${w[f]}`);
        }
      }
    }
  });
});
