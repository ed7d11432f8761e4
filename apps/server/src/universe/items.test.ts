import { describe, expect, it } from 'vitest';
import { parseScanQuery, type ScanQuery } from '@app/contract';
import { demoListings, lastWeekdayBefore } from '../market/demo/generate.ts';
import { SeriesCache, type SeriesEntry } from '../market/seriesCache.ts';
import { filingsTrimmer, memberItems } from './items.ts';
import { membership } from './membership.ts';

const query = (s: string): ScanQuery => {
  const q = parseScanQuery(new URLSearchParams(s));
  if (!q.ok) throw new Error(JSON.stringify(q.errors));
  return q.value;
};

const cache = new SeriesCache();
cache.setEntries(
  [...demoListings({ seed: 7, count: 40, endDay: lastWeekdayBefore(new Date('2025-06-02T00:00:00Z')) })].map(
    (l): SeriesEntry => ({
      info: l.info,
      bars: l.bars,
      quarterly: l.fundamentals.filter((p) => p.period_type === 'QUARTERLY'),
      annual: l.fundamentals.filter((p) => p.period_type === 'ANNUAL'),
    }),
  ),
);
const symbols = cache.all().map((e) => e.info.symbol);

describe('the items a many-symbol run sends to its engine thread', () => {
  it.each([
    ['fundamentals and market cap', 'netincome__gt=0&revenue__gt=0&fa_compare_period=QUARTERLY&market_cap__gte=1000000000'],
    ['an annual trend', 'fa_metric=revenue&fa_period_type=ANNUAL&fa_direction=increasing&fa_consecutive_periods=2'],
    ['indicators only', 'sma_lte=true&sma_compare=price&sma_period=50'],
  ])('keep every member of a scan reading %s, with only the filings it reads', (_, s) => {
    const q = query(s);
    const { items } = memberItems(cache, symbols, '2015-01-01', '2025-05-30', q);
    expect(items.length).toBeGreaterThan(20);
    let members = 0;
    for (const item of items) {
      const full = cache.get(item.entry.info.symbol)!;
      const rule = { query: q, floors: null };
      const trimmed = membership(item.entry, rule, item.from, item.to);
      expect(trimmed.allowed).toEqual(membership(full, rule, item.from, item.to).allowed);
      members += trimmed.members;
    }
    expect(members).toBeGreaterThan(0);
  });

  it('send no filings without a scan, and the cached bars by reference in shared memory', () => {
    const { items, skipped } = memberItems(cache, [...symbols, 'NOPE'], '2015-01-01', '2025-05-30', null);
    expect(skipped).toContain('NOPE');
    for (const item of items) {
      expect(item.entry.quarterly).toEqual([]);
      expect(item.entry.annual).toEqual([]);
      expect(item.entry.bars).toBe(cache.get(item.entry.info.symbol)!.bars);
      expect(item.entry.bars.close.buffer).toBeInstanceOf(SharedArrayBuffer);
    }
  });

  it('cut each filing to the metrics the scan compares', () => {
    const trim = filingsTrimmer(query('netincome__gt=0&fa_compare_period=QUARTERLY'));
    const e = cache.all().find((x) => x.quarterly.length > 0)!;
    const t = trim(e);
    expect(t.annual).toEqual([]);
    expect(t.quarterly).toHaveLength(e.quarterly.length);
    expect(Object.keys(t.quarterly[0].values)).toEqual(['netincome']);
    expect(t.quarterly[0].filed).toBe(e.quarterly[0].filed);
  });
});
