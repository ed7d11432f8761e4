import type { AlertCheckResult } from '@app/contract';
import type { Db } from '../db/index.ts';
import { isoFromDay } from '../market/barChunks.ts';
import type { SeriesCache } from '../market/seriesCache.ts';
import { fireAlerts } from './evaluate.ts';
import type { EnabledAlert } from './repository.ts';

// "Check now": one alert through the same evaluation the market update runs (fireAlerts), read-only, so
// what it says is exactly what the next update would do with today's data.

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The latest bar date of the symbol, or of the whole market when no symbol is given. */
function latestDay(series: SeriesCache, symbol: string | null): string | null {
  let last = -Infinity;
  for (const e of symbol ? [series.get(symbol)].filter((x) => x !== undefined) : series.all()) {
    const n = e.bars.day.length;
    if (n && e.bars.day[n - 1] > last) last = e.bars.day[n - 1];
  }
  return Number.isFinite(last) ? isoFromDay(last) : null;
}

export async function checkAlert(db: Db, series: SeriesCache, alert: EnabledAlert, now = Date.now()): Promise<AlertCheckResult> {
  const { firings, matches } = await fireAlerts(db, series, [alert], now);
  const asOf = latestDay(series, alert.kind === 'scan' || alert.watchlist_id !== null ? null : alert.symbol);
  const events = firings.map((f) => ({ symbol: f.symbol, message: f.message, link: f.link }));
  if (events.length) return { would_fire: true, as_of: asOf, events, detail: `Would fire now: ${whatFires(alert, firings)}.` };
  return { would_fire: false, as_of: asOf, events, detail: whyQuiet(series, alert, matches[0]?.m ?? []) };
}

/** What would fire, counted as the events list it: a scan alert names up to the per-update limit of
 *  symbols and folds the rest into one "N more symbols" event, so it counts symbols, not events. */
function whatFires(a: EnabledAlert, firings: Awaited<ReturnType<typeof fireAlerts>>['firings']): string {
  if (a.kind !== 'scan') return plural(firings.length, 'event');
  const symbols = firings.reduce((n, f) => n + (f.symbol === null ? Number(f.values?.more ?? 0) : 1), 0);
  const named = firings.filter((f) => f.symbol !== null).length;
  return `${plural(symbols, 'symbol')} newly ${symbols === 1 ? 'matches' : 'match'} the saved query${named < symbols ? ` (${named} by name, ${symbols - named} more)` : ''}`;
}

/** Why nothing would fire, in the alert's own terms. */
function whyQuiet(series: SeriesCache, a: EnabledAlert, scanMatches: string[]): string {
  if (a.kind === 'scan') {
    const before = new Set(a.last_matches ?? []);
    const fresh = scanMatches.filter((s) => !before.has(s)).length;
    return fresh
      ? `Would not fire now: ${plural(fresh, 'symbol')} newly match, but they fired within the cooldown.`
      : `Would not fire now: ${plural(scanMatches.length, 'symbol')} match the saved query, none of them newly since the last update.`;
  }
  if (a.kind === 'template') return `Would not fire now: no symbol has every ${a.side} condition of the template holding on its latest bar (or it already fired for that bar).`;
  const e = a.symbol ? series.get(a.symbol) : undefined;
  const n = e?.bars.close.length ?? 0;
  if (!e || n < 2) return `Would not fire now: ${a.symbol} has fewer than two bars.`;
  const [prev, close] = [e.bars.close[n - 2], e.bars.close[n - 1]];
  const crossed = a.direction === 'above' ? prev < a.level! && close >= a.level! : prev > a.level! && close <= a.level!;
  return crossed
    ? `Would not fire now: ${a.symbol} closed ${a.direction} ${a.level} on its latest bar, but this alert already fired for it (or is cooling down).`
    : `Would not fire now: ${a.symbol} closed at ${close} after ${prev}, which does not cross ${a.direction} ${a.level}.`;
}
