import { emptyBars } from '../market/barChunks.ts';
import type { SeriesEntry } from '../market/seriesCache.ts';

// Test-only: a market written as each symbol's closes, one bar a day from day 19000 (2022-01-08),
// for the alert and watchlist tests (an "update" is a new set of closes and a cache reload).

export function closesMarket(closes: Record<string, number[]>): SeriesEntry[] {
  return Object.entries(closes).map(([symbol, cs]) => {
    const bars = emptyBars(cs.length);
    cs.forEach((c, i) => {
      bars.day[i] = 19000 + i;
      bars.open[i] = c;
      bars.high[i] = c + 0.5;
      bars.low[i] = c - 0.5;
      bars.close[i] = c;
      bars.volume[i] = 1_000_000;
    });
    return {
      info: { symbol, name: `${symbol} Inc.`, market: 'NASDAQ', instr_type: 'EQUITY', sector: 'Technology', industry: null, market_cap: 1e9 },
      bars, quarterly: [], annual: [],
    };
  });
}

/** `n` closes of `value`, then the given ones. */
export const flatThen = (n: number, value: number, ...then: number[]) => [...Array<number>(n).fill(value), ...then];
