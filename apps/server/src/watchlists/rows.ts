import { WATCHLIST_LIMITS, dayChange, type WatchlistRow } from '@app/contract';
import { indicators } from '@app/quant';
import { isoFromDay } from '../market/barChunks.ts';
import type { SeriesCache } from '../market/seriesCache.ts';

// The rows of the /watchlists page, computed from the market cache with the quant indicators.

const num = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? null : v);
const round = (v: number | null, digits = 4) => (v === null ? null : Number(v.toFixed(digits)));
const distancePct = (close: number, ma: number | null) => (ma === null || ma === 0 ? null : ((close - ma) / ma) * 100);

export function watchlistRow(series: SeriesCache, symbol: string): WatchlistRow {
  const e = series.get(symbol);
  const n = e?.bars.close.length ?? 0;
  if (!e || n === 0) {
    return { symbol, name: e?.info.name ?? null, date: null, close: null, change: null, change_pct: null, sparkline: [], rsi14: null, sma50_dist_pct: null, sma200_dist_pct: null };
  }
  const close = e.bars.close;
  const last = close[n - 1];
  const change = dayChange(last, n > 1 ? close[n - 2] : null);
  // Only the tail matters: SMA(200) needs 200 closes, RSI(14) is smoothed over a longer warm-up.
  const tail = close.subarray(Math.max(0, n - 600));
  const lastOf = (a: Float64Array) => num(a[a.length - 1]);
  const rsi = tail.length > 14 ? lastOf(indicators.rsi(tail, 14)) : null;
  const sma50 = tail.length >= 50 ? lastOf(indicators.sma(tail, 50)) : null;
  const sma200 = tail.length >= 200 ? lastOf(indicators.sma(tail, 200)) : null;
  return {
    symbol,
    name: e.info.name,
    date: isoFromDay(e.bars.day[n - 1]),
    close: last,
    change: round(change?.amount ?? null),
    change_pct: round(change?.percent ?? null),
    sparkline: Array.from(close.subarray(Math.max(0, n - WATCHLIST_LIMITS.sparklineBars))),
    rsi14: round(rsi),
    sma50_dist_pct: round(distancePct(last, sma50)),
    sma200_dist_pct: round(distancePct(last, sma200)),
  };
}

/** Symbols of a CSV file: the first cell of each line, a header line ("symbol"/"ticker") skipped. */
export function csvSymbols(csv: string): string[] {
  const out: string[] = [];
  for (const line of csv.split(/\r\n|\r|\n/)) {
    const cell = line.split(/[,;\t]/)[0].trim().replace(/^"(.*)"$/, '$1').trim();
    if (!cell || /^(symbol|ticker)s?$/i.test(cell)) continue;
    out.push(cell);
  }
  return out;
}

/** The list as CSV: a header, then one symbol per line. */
export const symbolsCsv = (symbols: string[]) => ['symbol', ...symbols].join('\r\n') + '\r\n';
