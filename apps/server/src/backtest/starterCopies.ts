import { formatDay, parseDay } from '@app/quant';
import { LIQUIDITY_BARS, STARTER_RUN_YEARS, withSettingDefaults, type Period, type Starter, type TemplateDetail } from '@app/contract';
import type { Db } from '../db/index.ts';
import type { SeriesCache, SeriesEntry } from '../market/seriesCache.ts';
import { createPeriod } from './periodRepository.ts';
import { addIndicator, createTemplate, getTemplate } from './templateRepository.ts';
import { ensureTemplateRoom, freeName } from './templateRoom.ts';
import { withUserLock } from '../db/userLock.ts';

// What a starter becomes in a user's account: a copy among their templates (rows included), and for a
// first backtest a period of the last five years of a symbol.

/** Copies the starter into the user's templates (settings, exits and every row), under a name the user
 *  does not use yet. Two copies at once for one user wait for each other, so both get their own name. */
export async function copyStarter(db: Db, userId: number, starter: Starter): Promise<TemplateDetail> {
  return withUserLock(db, 'templates', userId, async (t) => {
    await ensureTemplateRoom(t, userId);
    const names = await t.query<{ name: string }>('SELECT name FROM templates WHERE user_id = $1', [userId]);
    const { indicators, ...settings } = starter.template;
    const copy = await createTemplate(t, userId, freeName(starter.name, new Set(names.map((r) => r.name))), withSettingDefaults(settings), settings);
    for (const row of indicators) await addIndicator(t, userId, copy.id, row);
    return (await getTemplate(t, userId, copy.id))!;
  });
}

const sameValue = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || (a != null && b != null && Number(a) === Number(b));

/** Whether the user's template holds exactly the starter's settings, exits and rows (in order). */
function isUnchangedCopy(t: TemplateDetail, starter: Starter): boolean {
  const { indicators, ...settings } = starter.template;
  const stored = t as unknown as Record<string, unknown>;
  if (!Object.entries(settings).every(([k, v]) => sameValue(stored[k], v))) return false;
  if (t.indicators.length !== indicators.length) return false;
  return indicators.every((row, k) => {
    const mine = t.indicators[k] as unknown as Record<string, unknown>;
    return Object.entries(row).every(([f, v]) => sameValue(mine[f], v));
  });
}

/** The user's copy of the starter, as a first backtest made it: named as the starter and unchanged since;
 *  null when there is none (renamed or edited copies are the user's own templates now). */
export async function findStarterCopy(db: Db, userId: number, starter: Starter): Promise<TemplateDetail | null> {
  const rows = await db.query<{ id: number }>('SELECT id FROM templates WHERE user_id = $1 AND name = $2 ORDER BY id', [userId, starter.name]);
  for (const { id } of rows) {
    const t = await getTemplate(db, userId, id);
    if (t && isUnchangedCopy(t, starter)) return t;
  }
  return null;
}

/** The user's period on this symbol with exactly these dates; null when there is none. */
export async function findPeriod(db: Db, userId: number, symbol: string, dates: { start_date: string; end_date: string }): Promise<Period | null> {
  const [p] = await db.query<Period>(
    `SELECT id, stock_ticker, start_date::text AS start_date, end_date::text AS end_date FROM periods
     WHERE user_id = $1 AND stock_ticker = $2 AND start_date = $3 AND end_date = $4 ORDER BY id LIMIT 1`,
    [userId, symbol, dates.start_date, dates.end_date],
  );
  return p ?? null;
}

/** The symbol's period of a first backtest: STARTER_RUN_YEARS years up to its last bar (from its first
 *  bar when its history is shorter); null when it has fewer than 2 bars. */
export function starterPeriodDates(entry: SeriesEntry): { start_date: string; end_date: string } | null {
  const days = entry.bars.day;
  if (days.length < 2) return null;
  const end = formatDay(days[days.length - 1]);
  const from = new Date(`${end}T00:00:00Z`);
  from.setUTCFullYear(from.getUTCFullYear() - STARTER_RUN_YEARS);
  const start = Math.max(days[0], parseDay(from.toISOString().slice(0, 10)));
  return { start_date: formatDay(start), end_date: end };
}

/** Creates the user's period for a first backtest (a starter's own, outside the per-user limit). */
export async function createStarterPeriod(db: Db, userId: number, entry: SeriesEntry, dates: { start_date: string; end_date: string }): Promise<Period> {
  return (await createPeriod(db, userId, { stock_ticker: entry.info.symbol, ...dates }, null))!;
}

/** Average dollar volume (close × volume) over the last LIQUIDITY_BARS bars; 0 without bars. */
export function dollarVolume(entry: SeriesEntry): number {
  const { close, volume } = entry.bars;
  const n = Math.min(LIQUIDITY_BARS, close.length);
  let sum = 0;
  for (let i = close.length - n; i < close.length; i++) sum += close[i] * volume[i];
  return n ? sum / n : 0;
}

// Recomputed only when the market changes (the cache's version moves on every load and import).
let picked: { series: SeriesCache; version: number; entry: SeriesEntry | null } | null = null;

/** The most liquid symbol of the market (highest average dollar volume over its last bars, ties to the
 *  first symbol in order) that has enough bars for a first backtest; null when none has. */
export function mostLiquid(series: SeriesCache): SeriesEntry | null {
  if (picked?.series === series && picked.version === series.version) return picked.entry;
  let best: SeriesEntry | null = null;
  let bestValue = -1;
  for (const e of series.all()) {
    if (e.bars.day.length < 2) continue;
    const v = dollarVolume(e);
    if (v > bestValue) [best, bestValue] = [e, v];
  }
  picked = { series, version: series.version, entry: best };
  return best;
}
