import { describe, expect, it } from 'vitest';
import { buildScanQuery, SCANNER_PRESETS } from '@app/contract';
import { demoListings, lastWeekdayBefore } from '../market/demo/generate.ts';
import { SeriesCache, type SeriesEntry } from '../market/seriesCache.ts';
import { ScannerEngine } from './engine.ts';
import { scanQuery } from '../test/scannerMarket.ts';

// The screen's presets (one list, in the contract) on the demo market a new install starts with: each
// finds at least one listing, in markets as small as 10 symbols and whatever weekday the market ends on.

function demoMarket(count: number, endDay: number): SeriesEntry[] {
  return [...demoListings({ seed: 20260101, count, endDay })].map((l) => ({
    info: l.info,
    bars: l.bars,
    quarterly: l.fundamentals.filter((f) => f.period_type === 'QUARTERLY'),
    annual: l.fundamentals.filter((f) => f.period_type === 'ANNUAL'),
  }));
}


// Five consecutive end days cover every weekday the market can end on.
const END_DAYS = [0, 1, 2, 3, 4].map((back) => lastWeekdayBefore(new Date(Date.UTC(2026, 10, 28 - back))));

describe.each([10, 300])('scanner presets on a %i-symbol demo market', (count) => {
  it.each(END_DAYS)('each finds at least one listing (market ending on day %i)', (endDay) => {
    const cache = new SeriesCache();
    cache.setEntries(demoMarket(count, endDay));
    const engine = new ScannerEngine(cache);
    for (const preset of SCANNER_PRESETS) {
      const out = engine.scan(scanQuery(buildScanQuery(preset.rows)));
      expect(out.count, preset.name).toBeGreaterThan(0);
      expect(out.emptyReason, preset.name).toBeNull();
    }
  });
});

describe('why a scan found nothing', () => {
  const market = demoMarket(60, END_DAYS[0]);
  const cache = new SeriesCache();
  cache.setEntries(market);
  const engine = new ScannerEngine(cache);
  const lastClose = (e: SeriesEntry) => e.bars.close[e.bars.close.length - 1];
  // a scan sees the listings that trade today: the delisted ones are no current match
  const listed = market.filter((e) => !e.info.delisted_on);

  it('names the filter that alone removes the most listings, with the counts', () => {
    // price above every listing's close removes all 60; ETF alone removes the equities
    const top = Math.max(...listed.map(lastClose));
    const out = engine.scan(scanQuery(`instr_type=ETF&price__gte=${top + 1}`));
    expect(out.count).toBe(0);
    expect(out.emptyReason).toEqual({ filter: 'price', removed: listed.length, total: listed.length });
    const onlyEtfs = engine.scan(scanQuery('instr_type=ETF&rsi_lte=0.5&rsi_period=14'));
    expect(onlyEtfs.count).toBe(0);
    // RSI ≤ 0.5 removes every listing, more than the ETF filter's equities
    expect(onlyEtfs.emptyReason).toEqual({ filter: 'rsi', removed: listed.length, total: listed.length });
  });

  it('names the biggest remover among filters that each keep some listings', () => {
    const nyse = listed.filter((e) => e.info.market === 'NYSE').length;
    const finance = listed.filter((e) => e.info.sector === 'Finance').length;
    const both = listed.filter((e) => e.info.market === 'NYSE' && e.info.sector === 'Finance' && e.info.instr_type === 'ETF').length;
    expect(both).toBe(0); // demo ETFs carry their theme's sector, never Finance on NYSE
    const out = engine.scan(scanQuery('market=NYSE&sector=Finance&instr_type=ETF'));
    expect(out.count).toBe(0);
    const etfs = listed.filter((e) => e.info.instr_type === 'ETF').length;
    const removedBy = { market: listed.length - nyse, sector: listed.length - finance, instr_type: listed.length - etfs };
    const most = Math.max(...Object.values(removedBy));
    expect(out.emptyReason).toEqual({ filter: (Object.keys(removedBy) as (keyof typeof removedBy)[]).find((k) => removedBy[k] === most), removed: most, total: listed.length });
  });

  it('says nothing when rows were found or there are no filters', () => {
    expect(engine.scan(scanQuery('')).emptyReason).toBeNull();
    expect(engine.scan(scanQuery('price__gte=0')).emptyReason).toBeNull();
  });
});
