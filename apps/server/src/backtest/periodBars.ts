import { noPriceDataMessage, type Period } from '@app/contract';
import { parseDay, type DailyBars } from '@app/quant';
import { badRequest } from '../http/errors.ts';
import type { SeriesCache } from '../market/seriesCache.ts';
import { firstDayAtOrAfter } from '../market/barChunks.ts';

/** The period's daily bars from the series cache, start and end dates included, as views (no copy).
 *  Fewer than 2 bars cannot make a backtest: 400 with the reason. */
export function periodBars(series: SeriesCache, period: Period): { symbol: string; name: string; bars: DailyBars } {
  const entry = series.get(period.stock_ticker);
  const all = entry?.bars;
  const from = all ? firstDayAtOrAfter(all.day, parseDay(period.start_date)) : 0;
  const to = all ? firstDayAtOrAfter(all.day, parseDay(period.end_date) + 1) : 0;
  if (!entry || !all || to - from < 2) {
    throw badRequest(noPriceDataMessage(period.stock_ticker, period.start_date, period.end_date));
  }
  const bars: DailyBars = {
    day: all.day.subarray(from, to),
    open: all.open.subarray(from, to),
    high: all.high.subarray(from, to),
    low: all.low.subarray(from, to),
    close: all.close.subarray(from, to),
    volume: all.volume.subarray(from, to),
  };
  return { symbol: entry.info.symbol, name: entry.info.name, bars };
}

