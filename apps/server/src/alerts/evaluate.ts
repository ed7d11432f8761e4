import { ALERT_LIMITS, buildScanQuery, dayChange, formatDayChangePercent, parseScanQuery, templateToRows, type DayChange, type ScanQuery } from '@app/contract';
import { describeCondition, describeReading, indicatorSeries, normalizeTemplate, readConditions, sideHoldsAt, windowBars, type Condition, type DailyBars } from '@app/quant';
import type { AppDeps } from '../deps.ts';
import type { Db } from '../db/index.ts';
import { isoFromDay } from '../market/barChunks.ts';
import type { SeriesCache, SeriesEntry } from '../market/seriesCache.ts';
import { ScannerEngine } from '../scanner/engine.ts';
import { watchlistSymbolsById } from '../watchlists/repository.ts';
import {
  claimEvaluation, enabledAlerts, finishEvaluation, saveEvaluation, savedQueriesById, symbolStates, templateRowsById,
  type EnabledAlert, type Firing,
} from './repository.ts';

// The evaluation of every enabled alert of every user after one market data update, in one
// transaction that first claims the update (alert_evaluations): a second run for the same update —
// a duplicated or retried job, another process — finds the claim and does nothing.

/** `=` in a template means equal within half a cent (the engine's tolerance). */
const EQUAL_TOLERANCE = 0.005;

function holds(c: Condition, x: number, close: number): boolean {
  const rhs = Number.isNaN(c.value) ? close : c.value;
  switch (c.op) {
    case '>': return x > rhs;
    case '<': return x < rhs;
    case '>=': return x >= rhs;
    case '<=': return x <= rhs;
    default: return Math.abs(x - rhs) < EQUAL_TOLERANCE;
  }
}

/** The last value of a row's indicator on bars. RSI and EMA forget their seed geometrically and SMA
 *  looks back `period` bars, so the last 20 periods (at least 1,000 bars) give the whole history's last
 *  value to within floating point, at a fraction of the work on long histories; OBV (a running sum) and
 *  Supertrend (a ratcheting band) read the whole history. */
function lastValue(bars: DailyBars, c: Condition): number {
  const n = bars.close.length;
  const need = c.offset + c.drift + Math.max(1000, 20 * c.period);
  const view = (c.name === 'RSI' || c.name === 'SMA' || c.name === 'EMA') && n > need ? windowBars(bars, n - need, n) : bars;
  const s = indicatorSeries(view, c);
  return s[s.length - 1];
}

/** A row the plain last-value check reads exactly: the spec's rows (its five indicators against a
 *  number or the close). Sides with other rows (against, crossings, other prices, OR groups) run the
 *  engine's own check on the whole history. */
const plainRow = (c: Condition) =>
  !c.against && c.cprice === 'CLOSE' && c.group === 0 && c.op !== 'crosses_above' && c.op !== 'crosses_below' &&
  (c.name === 'RSI' || c.name === 'SMA' || c.name === 'EMA' || c.name === 'SUPERTREND' || c.name === 'OBV');

/** Whether the side's rows hold on the last bar, as the backtest decides it (groups, crossings,
 *  against), with each row's values on that bar and the rows read in words for the message. */
function sideHoldsLast(bars: DailyBars, side: Condition[]): { holds: boolean; values: Record<string, number | null>; readings: string[] } {
  const cache = new Map<string, Float64Array>();
  const last = bars.close.length - 1;
  const holds = last >= 1 && sideHoldsAt(bars, side, side[0].side, last, cache);
  const values: Record<string, number | null> = {};
  const readings = readConditions(bars, side, last, cache);
  for (const r of readings) {
    values[r.left] = r.left_value === null ? null : round(r.left_value);
    if (r.right !== String(r.right_value)) values[r.right] = r.right_value === null ? null : round(r.right_value);
  }
  return { holds, values, readings: readings.map((r) => r.text) };
}

const round = (v: number) => (Number.isFinite(v) ? Number(v.toFixed(4)) : null);
/** ", +1.25% on the day": the day's change against the previous close, as the chart legend, the
 *  watchlist and the scanner show it (nothing for a first bar). */
const onTheDay = (c: DayChange | null) => (c && c.percent !== null ? `, ${formatDayChangePercent(c)} on the day` : '');
export const chartLink = (symbol: string) => `/rchart/${encodeURIComponent(symbol)}/`;
export const scanLink = (savedQueryId: number) => `/scanner?template=${savedQueryId}`;

const engines = new WeakMap<SeriesCache, ScannerEngine>();
/** One scanner per market cache: its memoized indicator values serve every scan alert. */
function scannerFor(series: SeriesCache) {
  let e = engines.get(series);
  if (!e) engines.set(series, (e = new ScannerEngine(series)));
  return e;
}

export interface EvaluationOutcome {
  /** false: this update was already evaluated */
  evaluated: boolean;
  alerts: number;
  firings: Firing[];
  /** alerts whose webhook gets a delivery, with their events */
  webhooks: Array<{ alert: EnabledAlert; firings: Firing[] }>;
  /** one e-mail per user, with the events of their alerts that have the e-mail channel on */
  mails: Array<{ userId: number; to: string; firings: Firing[] }>;
  ms: number;
}

/** Evaluates every enabled alert for the market update `importId` (once per update). */
/** `beforeCommit` runs inside the evaluation's transaction with its outcome (the webhook deliveries are
 *  queued there, so they exist exactly when the notifications do). */
export async function evaluateAlerts(
  deps: Pick<AppDeps, 'db' | 'series'>,
  importId: number,
  now = Date.now(),
  beforeCommit?: (t: Db, outcome: EvaluationOutcome) => Promise<void>,
): Promise<EvaluationOutcome> {
  const t0 = performance.now();
  return deps.db.tx(async (t) => {
    if (!(await claimEvaluation(t, importId))) return { evaluated: false, alerts: 0, firings: [], webhooks: [], mails: [], ms: 0 };
    const alerts = await enabledAlerts(t);
    const { firings, matches } = await fireAlerts(t, deps.series, alerts, now);
    await saveEvaluation(t, importId, alerts.map((a) => a.id), firings, matches);
    const ms = Math.round(performance.now() - t0);
    await finishEvaluation(t, importId, alerts.length, firings.length, ms);
    const byAlert = new Map<number, Firing[]>();
    for (const f of firings) {
      const list = byAlert.get(f.alertId);
      if (list) list.push(f);
      else byAlert.set(f.alertId, [f]);
    }
    const webhooks = alerts.filter((a) => a.webhook_url && byAlert.has(a.id)).map((alert) => ({ alert, firings: byAlert.get(alert.id)! }));
    const mails = new Map<number, { userId: number; to: string; firings: Firing[] }>();
    for (const a of alerts) {
      if (!a.email || !byAlert.has(a.id)) continue;
      const m = mails.get(a.user_id) ?? { userId: a.user_id, to: a.user_email, firings: [] };
      m.firings.push(...byAlert.get(a.id)!);
      mails.set(a.user_id, m);
    }
    const outcome = { evaluated: true, alerts: alerts.length, firings, webhooks, mails: [...mails.values()], ms };
    await beforeCommit?.(t, outcome);
    return outcome;
  });
}

/** What fires now, and the scan alerts' current matches (pure but for the reads). */
export async function fireAlerts(db: Db, series: SeriesCache, alerts: EnabledAlert[], now: number) {
  const scanner = scannerFor(series);
  const ids = (k: keyof EnabledAlert) => [...new Set(alerts.map((a) => a[k]).filter((v): v is number => typeof v === 'number'))];
  const [savedQueries, templates, watchlists, states] = await Promise.all([
    savedQueriesById(db, ids('scanner_template_id')),
    templateRowsById(db, ids('template_id')),
    watchlistSymbolsById(db, ids('watchlist_id')),
    // a scan alert needs its per-symbol memory only for a cooldown ("newly matches" is last_matches)
    symbolStates(db, alerts.filter((a) => a.kind !== 'scan' || a.cooldown_minutes > 0).map((a) => a.id)),
  ]);

  const scanQueries = new Map<number, ScanQuery | null>();
  const scanMatches = new Map<number, string[]>();
  /** Each template's rows with what the loop needs of them, worked out once. */
  const conditions = new Map<number, Array<{ c: Condition; key: string; text: string }> | null>();
  const lastValues = new Map<string, number>();
  const firings: Firing[] = [];
  const matches: Array<{ id: number; m: string[] }> = [];

  const lastBars = new Map<string, { e: SeriesEntry; n: number; close: number; change: DayChange | null; barDate: string } | null>();
  const last = (symbol: string) => {
    let l = lastBars.get(symbol);
    if (l === undefined) {
      const e = series.get(symbol);
      const n = e?.bars.close.length ?? 0;
      lastBars.set(symbol, (l = e && n ? { e, n, close: e.bars.close[n - 1], change: dayChange(e.bars.close[n - 1], n > 1 ? e.bars.close[n - 2] : null), barDate: isoFromDay(e.bars.day[n - 1]) } : null));
    }
    return l;
  };
  /** Same bar as the last firing (an update that left the symbol alone), or still cooling down. */
  const quiet = (a: EnabledAlert, symbol: string, barDate: string, checkBar: boolean) => {
    const s = states.get(`${a.id}|${symbol}`);
    if (!s) return false;
    if (checkBar && s.barDate === barDate) return true;
    return a.cooldown_minutes > 0 && now - s.firedAt < a.cooldown_minutes * 60_000;
  };
  const fire = (a: EnabledAlert, symbol: string, message: string, values: Record<string, number | null>, link = chartLink(symbol)) => {
    const l = last(symbol);
    firings.push({
      alertId: a.id, userId: a.user_id, alertName: a.name, kind: a.kind, symbol, message, close: l ? l.close : null, values, link,
      barDate: l?.barDate ?? new Date(now).toISOString().slice(0, 10), cooldown: a.cooldown_minutes > 0,
    });
  };

  for (const a of alerts) {
    if (a.kind === 'scan') {
      const id = a.scanner_template_id!;
      if (!scanQueries.has(id)) {
        const saved = savedQueries.get(id);
        const q = saved ? parseScanQuery(new URLSearchParams(buildScanQuery(templateToRows(saved)))) : null;
        scanQueries.set(id, q && q.ok ? q.value : null);
      }
      const q = scanQueries.get(id);
      if (!q) continue; // a saved query that no longer parses matches nothing
      if (!scanMatches.has(id)) scanMatches.set(id, scanner.matchingSymbols(q));
      const current = scanMatches.get(id)!;
      const before = new Set(a.last_matches ?? []);
      const scanName = savedQueries.get(id)!.name;
      const fresh = current.filter((symbol) => {
        const l = last(symbol);
        return !before.has(symbol) && l !== null && !quiet(a, symbol, l.barDate, false);
      });
      for (const symbol of fresh.slice(0, ALERT_LIMITS.maxEventsPerUpdate)) {
        const l = last(symbol)!;
        fire(a, symbol, `${symbol} now matches the saved query ${scanName} (closed ${round(l.close)}${onTheDay(l.change)})`, { close: l.close });
      }
      const more = fresh.length - ALERT_LIMITS.maxEventsPerUpdate;
      if (more > 0) {
        const date = last(fresh[0])!.barDate;
        firings.push({
          alertId: a.id, userId: a.user_id, alertName: a.name, kind: a.kind, symbol: null, close: null, values: { more },
          message: `${more} more symbol${more === 1 ? '' : 's'} now match the saved query ${scanName}`, link: scanLink(id), barDate: date,
        });
      }
      matches.push({ id: a.id, m: current });
    } else if (a.kind === 'template') {
      const tid = a.template_id!;
      if (!conditions.has(tid)) {
        const t = templates.get(tid);
        let conds: Condition[] | null = null;
        try {
          conds = t ? normalizeTemplate({ position_size: 1, indicators: t.rows as never }).conditions : null;
        } catch {
          conds = null; // rows stored before a rule tightened: the alert cannot be evaluated
        }
        conditions.set(tid, conds && conds.map((c) => ({ c, key: JSON.stringify(c), text: describeCondition(c) })));
      }
      const side = (conditions.get(tid) ?? []).filter(({ c }) => c.side === a.side);
      if (!side.length) continue;
      const symbols = a.watchlist_id !== null ? (watchlists.get(a.watchlist_id) ?? []) : [a.symbol!];
      for (const symbol of symbols) {
        const l = last(symbol);
        if (!l || quiet(a, symbol, l.barDate, true)) continue;
        let values: Record<string, number | null> = { close: l.close };
        let all = true;
        if (!side.every(({ c }) => plainRow(c))) {
          const r = sideHoldsLast(l.e.bars, side.map(({ c }) => c));
          values = { ...values, ...r.values };
          if (r.holds) fire(a, symbol, `${symbol}: the ${a.side} rule of template ${templates.get(tid)?.name} holds on ${l.barDate} (${r.readings.join(', ')})`, values);
          continue;
        }
        const readings: string[] = [];
        for (const { c, key: rowKey, text } of side) {
          const key = `${symbol}|${rowKey}`;
          let x = lastValues.get(key);
          if (x === undefined) lastValues.set(key, (x = lastValue(l.e.bars, c)));
          values[text] = round(x);
          readings.push(describeReading(c, Number.isFinite(x) ? x : null, Number.isNaN(c.value) ? l.close : c.value));
          if (!holds(c, x, l.close)) {
            all = false;
            break;
          }
        }
        if (all) fire(a, symbol, `${symbol}: all ${a.side} conditions of template ${templates.get(tid)?.name} hold on ${l.barDate} (${readings.join(', ')})`, values);
      }
    } else {
      const symbol = a.symbol!;
      const l = last(symbol);
      if (!l || l.n < 2 || quiet(a, symbol, l.barDate, true)) continue;
      const prev = l.e.bars.close[l.n - 2];
      const level = a.level!;
      const crossed = a.direction === 'above' ? prev < level && l.close >= level : prev > level && l.close <= level;
      if (crossed) fire(a, symbol, `${symbol} closed ${a.direction} ${level} (${round(prev)} → ${round(l.close)}${onTheDay(l.change)})`, { close: l.close, previous_close: prev, level });
    }
  }
  return { firings, matches };
}
