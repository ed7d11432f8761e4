import type { DailyBars } from '@app/quant';
import { emptyBars, dayFromIso } from '../../../market/barChunks.ts';
import { replaceBars, upsertSymbols } from '../../../market/repository.ts';
import type { TestApp } from '../../../test/testApp.ts';

// Test-only: a tiny market written through the market repository and loaded into the series cache,
// as the real server does at start.

/** Weekday bars from `startIso`: a slow wave that drives RSI well below 30 and above 70. */
export function waveBars(startIso: string, n: number): DailyBars {
  const bars = emptyBars(n);
  let day = dayFromIso(startIso);
  for (let i = 0; i < n; i++) {
    while ([0, 6].includes(new Date(day * 86_400_000).getUTCDay())) day++;
    const close = 100 + 20 * Math.sin(i / 9) + i * 0.05;
    const open = close - 0.5 * Math.cos(i / 3);
    bars.day[i] = day;
    bars.open[i] = open;
    bars.high[i] = Math.max(open, close) + 1;
    bars.low[i] = Math.min(open, close) - 1;
    bars.close[i] = close;
    bars.volume[i] = 1_000_000 + 10_000 * (i % 17);
    day++;
  }
  return bars;
}

export async function addSymbol(t: TestApp, symbol: string, bars: DailyBars) {
  await upsertSymbols(t.deps.db, [{ symbol, name: `${symbol} Inc.`, market: 'NASDAQ', instr_type: 'EQUITY', sector: 'Technology', industry: null, market_cap: 1e9 }]);
  await replaceBars(t.deps.db, symbol, bars);
  await t.deps.series.load(t.deps.db);
}
