// What a many-symbol run sends to an engine thread: each symbol's whole history and the bars of the
// run's period, with only the fundamentals its saved scan reads. The bars sit in shared memory (the
// series cache keeps them there), so they cross by reference; the filings are plain objects and cross
// by copy, which over every listed symbol cost as much as the run itself, so they are cut to the
// period types and metrics the scan's filters read (none without a scan).
import type { ScanQuery } from '@app/contract';
import { parseDay } from '@app/quant';
import { firstDayAtOrAfter } from '../market/barChunks.ts';
import type { FundamentalPeriod } from '../market/repository.ts';
import type { SeriesCache, SeriesEntry } from '../market/seriesCache.ts';
import type { MemberItem } from './rows.ts';

/** The symbols with at least 2 bars in [start_date, end_date] as items; the others are skipped. */
export function memberItems(series: Pick<SeriesCache, 'get'>, symbols: string[], startDate: string, endDate: string, query: ScanQuery | null, opts: { shares?: boolean } = {}) {
  const items: MemberItem[] = [];
  const skipped: string[] = [];
  const start = parseDay(startDate);
  const end = parseDay(endDate) + 1;
  const trim = filingsTrimmer(query, opts.shares);
  for (const symbol of symbols) {
    const e = series.get(symbol);
    const from = e ? firstDayAtOrAfter(e.bars.day, start) : 0;
    const to = e ? firstDayAtOrAfter(e.bars.day, end) : 0;
    if (!e || to - from < 2) {
      skipped.push(symbol);
      continue;
    }
    items.push({ entry: trim(e), from, to });
  }
  return { items, skipped };
}

/** The entry with only the filings (and the metrics of each) that the scan's filters read: a market
 *  cap filter (or `withShares`: a ranking by market cap) reads the shares of every filing; a
 *  fundamentals comparison or trend reads its metrics in its period type. */
export function filingsTrimmer(query: ScanQuery | null, withShares = false): (e: SeriesEntry) => SeriesEntry {
  const metrics = { QUARTERLY: new Set<string>(), ANNUAL: new Set<string>() };
  for (const c of query?.fa_compare ?? []) metrics[query!.fa_compare_period].add(c.metric);
  if (query?.financial_trend) metrics[query.financial_trend.periodType].add(query.financial_trend.metric);
  const shares = withShares || !!query?.market_cap;
  const cut = (list: FundamentalPeriod[], wanted: Set<string>): FundamentalPeriod[] => {
    if (!shares && !wanted.size) return [];
    return list.map((p) => {
      const values: FundamentalPeriod['values'] = {};
      for (const m of wanted) values[m as keyof FundamentalPeriod['values']] = p.values[m as keyof FundamentalPeriod['values']];
      return { symbol: p.symbol, period_type: p.period_type, period_end: p.period_end, filed: p.filed, shares_outstanding: shares ? p.shares_outstanding : null, values };
    });
  };
  return (e) => ({ info: e.info, bars: e.bars, quarterly: cut(e.quarterly, metrics.QUARTERLY), annual: cut(e.annual, metrics.ANNUAL) });
}
