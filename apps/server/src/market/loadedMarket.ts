import type { MarketStatus } from '@app/contract';
import type { Db } from '../db/index.ts';
import { isoFromDay } from './barChunks.ts';
import type { SeriesCache } from './seriesCache.ts';
import { symbolIndex } from './symbolSearch.ts';

// GET /api/market/status/: what the server has loaded, read from the in-memory market (so it agrees
// with the symbol search and the charts) plus the import log for when and from where.

export const DEMO_SOURCE = 'Generated demo market (fictional listings)';

/** First and last session with bars over every listing; nulls when no listing has bars. */
function dateRange(cache: SeriesCache): { first: number | null; last: number | null } {
  let first: number | null = null;
  let last: number | null = null;
  for (const { bars } of cache.all()) {
    const n = bars.day.length;
    if (!n) continue;
    if (first === null || bars.day[0] < first) first = bars.day[0];
    if (last === null || bars.day[n - 1] > last) last = bars.day[n - 1];
  }
  return { first, last };
}

export async function loadedMarketStatus(db: Db, cache: SeriesCache): Promise<MarketStatus> {
  const index = symbolIndex(cache);
  const { first, last } = dateRange(cache);
  const [lastImport] = await db.query<{ command: string; sources: string; finished_at: Date | string }>(
    `SELECT command, sources, finished_at FROM market_import_log
      WHERE finished_at IS NOT NULL AND NOT interrupted ORDER BY finished_at DESC LIMIT 1`,
  );
  const source = index.demo || !lastImport
    ? DEMO_SOURCE
    : `${lastImport.command === 'update' ? 'Daily update' : 'Import'}: ${lastImport.sources}`;
  return {
    demo: index.demo,
    listings: index.size,
    first_date: first === null ? null : isoFromDay(first),
    last_date: last === null ? null : isoFromDay(last),
    updated_at: lastImport ? new Date(lastImport.finished_at).toISOString() : null,
    source,
    most_traded: index.mostTraded(3),
  };
}
