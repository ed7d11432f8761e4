import { FA_METRICS, parseScanQuery, SCANNER_SECTORS, type ScanQuery } from '@app/contract';
import { emptyBars } from '../market/barChunks.ts';
import type { FundamentalPeriod, SymbolInfo } from '../market/repository.ts';
import type { SeriesEntry } from '../market/seriesCache.ts';

// A small market built in memory for the scanner's tests: 30 symbols with known bars and fundamentals,
// chosen so every filter splits them (no bars, too few bars for SMA(200), flat days, ETFs without
// fundamentals, missing sectors and market caps, rising, falling and broken fundamental trends).

const MARKETS = ['NASDAQ', 'NYSE', 'AMEX', 'NYSEARCA', 'BATS', 'OTCBB', 'PINK'];

/** Deterministic uniform numbers in [0, 1) (a linear congruential generator). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const cents = (v: number) => Math.round(v * 100) / 100;

export function fixtureMarket(count = 30, seed = 7): SeriesEntry[] {
  const rand = rng(seed);
  const out: SeriesEntry[] = [];
  for (let k = 0; k < count; k++) {
    const symbol = `T${String(k).padStart(2, '0')}`;
    const n = k === 0 ? 0 : k === 1 ? 1 : k === 2 ? 60 : 260 + k;
    const bars = emptyBars(n);
    let close = 5 + rand() * 300;
    const drift = (rand() - 0.5) * 0.01;
    for (let i = 0; i < n; i++) {
      // every 9th day opens flat at the previous close and closes there (== / != comparisons)
      const flat = i % 9 === 4;
      const open = flat ? close : cents(close * (1 + (rand() - 0.5) * 0.02));
      close = flat ? close : cents(Math.max(1, close * (1 + drift + (rand() - 0.5) * 0.05)));
      bars.day[i] = 19000 + i;
      bars.open[i] = open;
      bars.close[i] = close;
      bars.high[i] = cents(Math.max(open, close) * (1 + rand() * 0.01));
      bars.low[i] = cents(Math.min(open, close) * (1 - rand() * 0.01));
      bars.volume[i] = Math.round(1e5 + rand() * 5e6);
    }
    const etf = k % 7 === 3;
    const info: SymbolInfo = {
      symbol,
      name: `${String.fromCharCode(90 - (k % 26))}ixture ${k} Inc.`,
      market: MARKETS[k % MARKETS.length],
      instr_type: etf ? 'ETF' : 'EQUITY',
      sector: k % 11 === 5 ? null : SCANNER_SECTORS[k % SCANNER_SECTORS.length],
      industry: null,
      market_cap: k % 10 === 9 ? null : Math.round((0.5 + rand() * 200) * 1e9),
    };
    const quarterly = etf ? [] : fundamentals(symbol, 'QUARTERLY', 8, k);
    const annual = etf ? [] : fundamentals(symbol, 'ANNUAL', 4, k + 1);
    out.push({ info, bars, quarterly, annual });
  }
  return out;
}

/** Periods oldest first; the shape of every metric's path depends on the symbol: rising, falling,
 *  mixed, or rising with one missing value. */
function fundamentals(symbol: string, type: 'QUARTERLY' | 'ANNUAL', count: number, k: number): FundamentalPeriod[] {
  const shape = k % 4;
  const periods: FundamentalPeriod[] = [];
  for (let p = 0; p < count; p++) {
    const values: FundamentalPeriod['values'] = {};
    FA_METRICS.forEach((m, j) => {
      const base = (j + 1) * 1e6 * (1 + (k % 5));
      const step = base * 0.05 * (1 + ((j * 7 + k) % 5) / 5);
      let v: number | null =
        shape === 0 ? base + p * step : shape === 1 ? base - p * step : shape === 2 ? base + (p % 2 ? step : -step) : base + p * step;
      if (shape === 3 && p === count - 2 && j % 2 === 0) v = null;
      if (m === 'roe' || m === 'quickratio') v = v === null ? null : Math.round((v / 1e6) * 100) / 100;
      values[m] = v;
    });
    const month = type === 'ANNUAL' ? 12 : ((p % 4) + 1) * 3;
    const year = 2018 + (type === 'ANNUAL' ? p : Math.floor(p / 4));
    periods.push({ symbol, period_type: type, period_end: `${year}-${String(month).padStart(2, '0')}-28`, values });
  }
  return periods;
}

/** A scanner query string parsed as the route parses it; a test's query the parser refuses is a bug
 *  in the test. */
export function scanQuery(qs: string): ScanQuery {
  const r = parseScanQuery(new URLSearchParams(qs));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

/** The last value of a series (NaN when empty): an indicator's value on the latest bar, as the scanner reads it. */
export const lastOf = (a: Float64Array) => (a.length ? a[a.length - 1] : NaN);

/** The middle one of the finite values: a threshold every filter both keeps and drops symbols at. */
export const medianOf = (vs: number[]) => {
  const s = vs.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
