import { noPriceDataMessage, type Period } from '@app/contract';
import { parseDay, windowBars, type DailyBars } from '@app/quant';
import { badRequest } from '../http/errors.ts';
import type { SeriesCache } from '../market/seriesCache.ts';
import { firstDayAtOrAfter } from '../market/barChunks.ts';

export interface RangeBars {
  symbol: string;
  name: string;
  bars: DailyBars;
}

/** A symbol's daily bars from the series cache between two dates (both included), as views (no
 *  copy); null when the symbol is unknown or has fewer than 2 bars there (no backtest can run). */
export function barsInRange(series: SeriesCache, symbol: string, startDate: string, endDate: string): RangeBars | null {
  const entry = series.get(symbol);
  const all = entry?.bars;
  if (!entry || !all) return null;
  const from = firstDayAtOrAfter(all.day, parseDay(startDate));
  const to = firstDayAtOrAfter(all.day, parseDay(endDate) + 1);
  if (to - from < 2) return null;
  return { symbol: entry.info.symbol, name: entry.info.name, bars: windowBars(all, from, to) };
}

/** The period's daily bars; fewer than 2 bars cannot make a backtest: 400 with the reason. */
export function periodBars(series: SeriesCache, period: Period): RangeBars {
  const found = barsInRange(series, period.stock_ticker, period.start_date, period.end_date);
  if (!found) throw badRequest(noPriceDataMessage(period.stock_ticker, period.start_date, period.end_date));
  return found;
}
