import { describe, expect, it } from 'vitest';
import { allocBars } from '@app/quant';
import { SeriesCache, type SeriesEntry } from '../market/seriesCache.ts';
import { buildSnapshot } from './snapshot.ts';

const entry = (symbol: string, closes: number[], quote: Partial<SeriesEntry['info']> = {}): SeriesEntry => {
  const bars = allocBars(closes.length);
  closes.forEach((c, i) => {
    bars.day[i] = 19_000 + i;
    bars.open[i] = bars.high[i] = bars.low[i] = bars.close[i] = c;
    bars.volume[i] = 1000 * (i + 1);
  });
  return { info: { symbol, name: symbol, market: 'NASDAQ', instr_type: 'EQUITY', sector: null, industry: null, market_cap: null, ...quote }, bars, quarterly: [], annual: [] };
};

describe('scan snapshot quotes', () => {
  it('takes price, change and volume from the last two bars', () => {
    const cache = new SeriesCache();
    cache.setEntries([entry('AAA', [10, 12.5], { last_sale: 99, net_change: 9, pct_change: 9 })]);
    const s = buildSnapshot(cache);
    expect([s.price[0], s.diff[0], s.chg[0], s.volume[0]]).toEqual([12.5, 2.5, 25, 2000]);
  });

  it("falls back to the screener's last sale and change for a listing without bars", () => {
    const cache = new SeriesCache();
    cache.setEntries([entry('BBB', [], { last_sale: 41.5, net_change: -0.5, pct_change: -1.19 }), entry('CCC', [])]);
    const s = buildSnapshot(cache);
    expect([s.price[0], s.diff[0], s.chg[0]]).toEqual([41.5, -0.5, -1.19]);
    expect(Number.isNaN(s.volume[0])).toBe(true);
    expect([s.price[1], s.diff[1], s.chg[1]].every(Number.isNaN)).toBe(true);
  });
});
