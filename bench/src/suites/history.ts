import type { DailyBars } from '@app/quant';
import { emptyBars, Rng, replaceBars, upsertSymbols, testApp } from '@app/server/testing';
import { medianMs, type BenchResult, type BenchSuite } from '../report.ts';

// 20 years of daily candles from /api/charts/dhistory/ (ARCHITECTURE.md: ≤ 20 ms server time),
// timed as the whole request through the real app (routing, validation, the cache lookup, the
// range search and the JSON), on the embedded database.
//
// Baseline, in the same run and the same database: the way one would write it without the columnar
// cache — one row per bar in a plain table, read with SQL for the requested range on every request,
// mapped to candle objects and serialized with JSON.stringify. That is the design the cache replaces,
// so the ratio says what the cache buys.

const YEARS = 20;
const SYMBOL = 'BQHZ';

function twentyYears(): DailyBars {
  const days: number[] = [];
  const end = Math.floor(Date.UTC(2026, 0, 16) / 86_400_000);
  for (let d = end - Math.round(YEARS * 365.25); d <= end; d++) if ((d + 4) % 7 !== 0 && (d + 4) % 7 !== 6) days.push(d);
  const bars = emptyBars(days.length);
  const rng = new Rng(2006);
  let price = 40;
  for (let i = 0; i < days.length; i++) {
    const open = price * Math.exp(0.004 * rng.normal());
    const close = open * Math.exp(0.015 * rng.normal());
    bars.day[i] = days[i];
    bars.open[i] = Math.round(open * 100) / 100;
    bars.close[i] = Math.round(close * 100) / 100;
    bars.high[i] = Math.max(bars.open[i], bars.close[i]) + Math.round(Math.abs(rng.normal()) * open) / 100;
    bars.low[i] = Math.min(bars.open[i], bars.close[i]) - Math.round(Math.abs(rng.normal()) * open) / 100;
    bars.volume[i] = Math.round(1e6 * Math.exp(0.4 * rng.normal()));
    price = close;
  }
  return bars;
}

const suite: BenchSuite = {
  name: 'history',
  async run(): Promise<BenchResult[]> {
    const t = await testApp('pglite');
    try {
      const bars = twentyYears();
      const db = t.deps.db;
      await upsertSymbols(db, [{ symbol: SYMBOL, name: 'Bench Listing Inc.', market: 'NASDAQ', instr_type: 'EQUITY', sector: 'Technology', industry: null, market_cap: 1e9 }]);
      await replaceBars(db, SYMBOL, bars);
      await t.deps.series.load(db);

      // the naive store: one row per bar
      await db.exec(`CREATE TABLE bench_daily_bars (symbol text, day int, open float8, high float8, low float8, close float8, volume float8,
                     PRIMARY KEY (symbol, day))`);
      for (let i = 0; i < bars.day.length; i += 1000) {
        const rows = Array.from({ length: Math.min(1000, bars.day.length - i) }, (_, k) => i + k);
        await db.query(
          `INSERT INTO bench_daily_bars SELECT $1, * FROM unnest($2::int[], $3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::float8[])`,
          [SYMBOL, ...[bars.day, bars.open, bars.high, bars.low, bars.close, bars.volume].map((a) => rows.map((r) => a[r]))],
        );
      }

      const to = Math.floor(Date.UTC(2026, 0, 17) / 1000);
      const url = `/api/charts/dhistory/?symbol=${SYMBOL.toLowerCase()}&resolution=D&from=0&to=${to}`;
      const check = await t.app.inject({ method: 'GET', url });
      const candles = check.json() as unknown[];
      if (check.statusCode !== 200 || candles.length !== bars.day.length) throw new Error(`dhistory answered ${check.statusCode}`);

      const served = await medianMs(() => t.app.inject({ method: 'GET', url }), 41, 5);
      const naive = await medianMs(async () => {
        const rows = await db.query<{ day: number; open: number; high: number; low: number; close: number; volume: number }>(
          'SELECT day, open, high, low, close, volume FROM bench_daily_bars WHERE symbol = $1 AND day BETWEEN $2 AND $3 ORDER BY day',
          [SYMBOL, 0, Math.floor(to / 86_400)],
        );
        return JSON.stringify(rows.map((r) => ({ time: r.day * 86_400, open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume })));
      }, 15, 3);
      const weekly = await medianMs(() => t.app.inject({ method: 'GET', url: `/api/charts/history/?symbol=${SYMBOL}&resolution=D&frequencyID=1` }), 41, 5);

      return [
        {
          name: `dhistory, ${YEARS} years of daily candles (${candles.length}, ${(check.rawPayload.length / 1024).toFixed(0)} KiB)`,
          value: served,
          unit: 'ms',
          budget: { limit: 20, better: 'lower' },
          baseline: { name: 'row-per-bar SQL + JSON.stringify', value: naive },
        },
        { name: `history frequencyID=1, ${YEARS} years resampled to weekly`, value: weekly, unit: 'ms' },
      ];
    } finally {
      await t.close();
    }
  },
};

export default suite;
