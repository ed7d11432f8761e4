// A symbol's fundamentals as the rotation engine reads them: each period with the day it was filed
// (the first decision that may read it), as the market data stores it.
import { parseDay, type RotationFiling } from '@app/quant';
import { filedOrDefault, type FundamentalPeriod } from '../market/repository.ts';
import type { SeriesEntry } from '../market/seriesCache.ts';

/** The score kinds that read a symbol's filings. */
export const READS_FILINGS: ReadonlySet<string> = new Set(['market_cap', 'pe', 'fa']);

export function rotationFilings(e: SeriesEntry): RotationFiling[] {
  return [...e.quarterly, ...e.annual].map((p: FundamentalPeriod) => ({
    filed: parseDay(filedOrDefault(p)),
    period_type: p.period_type,
    period_end: parseDay(p.period_end),
    shares_outstanding: p.shares_outstanding ?? null,
    values: p.values,
  }));
}
