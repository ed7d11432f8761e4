import { randomBytes } from 'node:crypto';
import { SAVED_FILTER_FIELDS, type Alert, type AlertPatch, type AlertWriteInput, type SavedFilter } from '@app/contract';
import type { Db } from '../db/index.ts';

// SQL of alerts and their evaluation state. Every user-facing query is filtered by owner.

const ts = (v: string | null) => (v === null ? null : new Date(v).toISOString());

interface AlertRow {
  id: number; user_id: number; kind: Alert['kind']; name: string; enabled: boolean; email: boolean; webhook_url: string | null; webhook_secret: string;
  cooldown_minutes: number; scanner_template_id: number | null; template_id: number | null; side: 'BUY' | 'SELL' | 'SHORT' | 'COVER' | null; watchlist_id: number | null;
  symbol: string | null; direction: 'above' | 'below' | null; level: number | null;
  last_evaluated_at: string | null; last_fired_at: string | null; webhook_last_attempt_at: string | null; webhook_last_success_at: string | null;
  webhook_last_error: string | null; webhook_failures: number; created_at: string; updated_at: string;
  scan_name: string | null; template_name: string | null; watchlist_name: string | null;
}

const SELECT = `
  SELECT a.id, a.user_id, a.kind, a.name, a.enabled, a.email, a.webhook_url, a.webhook_secret, a.cooldown_minutes,
         a.scanner_template_id, a.template_id, a.side, a.watchlist_id, a.symbol, a.direction, a.level,
         a.last_evaluated_at::text, a.last_fired_at::text, a.webhook_last_attempt_at::text, a.webhook_last_success_at::text,
         a.webhook_last_error, a.webhook_failures, a.created_at::text, a.updated_at::text,
         st.name AS scan_name, t.name AS template_name, w.name AS watchlist_name
  FROM alerts a
  LEFT JOIN scanner_templates st ON st.id = a.scanner_template_id
  LEFT JOIN templates t ON t.id = a.template_id
  LEFT JOIN watchlists w ON w.id = a.watchlist_id`;

export function describeAlert(r: Pick<AlertRow, 'kind' | 'side' | 'symbol' | 'direction' | 'level' | 'scan_name' | 'template_name' | 'watchlist_name'>): string {
  if (r.kind === 'scan') return `Saved query ${r.scan_name ?? '?'}`;
  if (r.kind === 'template') return `Template ${r.template_name ?? '?'} (${r.side}) on ${r.watchlist_name !== null ? `watchlist ${r.watchlist_name}` : r.symbol}`;
  return `${r.symbol} crosses ${r.direction} ${r.level}`;
}

function toAlert(r: AlertRow): Alert {
  return {
    id: r.id, kind: r.kind, name: r.name, enabled: r.enabled, email: r.email, webhook_url: r.webhook_url, webhook_secret: r.webhook_secret,
    cooldown_minutes: r.cooldown_minutes, scanner_template_id: r.scanner_template_id, template_id: r.template_id, side: r.side,
    watchlist_id: r.watchlist_id, symbol: r.symbol, direction: r.direction, level: r.level, description: describeAlert(r),
    last_evaluated_at: ts(r.last_evaluated_at), last_fired_at: ts(r.last_fired_at),
    webhook_status: {
      last_attempt_at: ts(r.webhook_last_attempt_at), last_success_at: ts(r.webhook_last_success_at),
      last_error: r.webhook_last_error, consecutive_failures: r.webhook_failures,
    },
    created_at: ts(r.created_at)!, updated_at: ts(r.updated_at)!,
  };
}

export async function listAlerts(db: Db, userId: number): Promise<Alert[]> {
  return (await db.query<AlertRow>(`${SELECT} WHERE a.user_id = $1 ORDER BY a.id DESC`, [userId])).map(toAlert);
}

export async function getAlert(db: Db, userId: number, id: number): Promise<Alert | null> {
  const [r] = await db.query<AlertRow>(`${SELECT} WHERE a.id = $1 AND a.user_id = $2`, [id, userId]);
  return r ? toAlert(r) : null;
}

export async function countAlerts(db: Db, userId: number): Promise<number> {
  const [r] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM alerts WHERE user_id = $1', [userId]);
  return r.n;
}

/** The kind's columns of a write; the others are null. */
function kindColumns(a: AlertWriteInput) {
  return {
    scanner_template_id: a.kind === 'scan' ? a.scanner_template_id : null,
    template_id: a.kind === 'template' ? a.template_id : null,
    side: a.kind === 'template' ? a.side : null,
    watchlist_id: a.kind === 'template' ? (a.watchlist_id ?? null) : null,
    symbol: a.kind === 'template' ? (a.symbol ?? null) : a.kind === 'price' ? a.symbol : null,
    direction: a.kind === 'price' ? a.direction : null,
    level: a.kind === 'price' ? a.level : null,
  };
}

export async function createAlert(db: Db, userId: number, a: AlertWriteInput): Promise<Alert> {
  const k = kindColumns(a);
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO alerts (user_id, kind, name, enabled, email, webhook_url, webhook_secret, cooldown_minutes,
       scanner_template_id, template_id, side, watchlist_id, symbol, direction, level)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
    [userId, a.kind, a.name, a.enabled, a.email, a.webhook_url, randomBytes(24).toString('hex'), a.cooldown_minutes,
      k.scanner_template_id, k.template_id, k.side, k.watchlist_id, k.symbol, k.direction, k.level],
  );
  return (await getAlert(db, userId, row.id))!;
}

/** A PUT: every field replaced; what it watched before is forgotten (a new scan starts afresh). */
export async function replaceAlert(db: Db, userId: number, id: number, a: AlertWriteInput): Promise<Alert | null> {
  const k = kindColumns(a);
  const rows = await db.query(
    `UPDATE alerts SET kind = $3, name = $4, enabled = $5, email = $6, webhook_url = $7, cooldown_minutes = $8,
       scanner_template_id = $9, template_id = $10, side = $11, watchlist_id = $12, symbol = $13, direction = $14, level = $15,
       last_matches = CASE WHEN kind = $3 AND scanner_template_id IS NOT DISTINCT FROM $9 THEN last_matches END,
       updated_at = now()
     WHERE id = $1 AND user_id = $2 RETURNING id`,
    [id, userId, a.kind, a.name, a.enabled, a.email, a.webhook_url, a.cooldown_minutes,
      k.scanner_template_id, k.template_id, k.side, k.watchlist_id, k.symbol, k.direction, k.level],
  );
  return rows.length ? getAlert(db, userId, id) : null;
}

export async function patchAlert(db: Db, userId: number, id: number, p: AlertPatch & { webhook_url?: string | null }): Promise<Alert | null> {
  const sets: string[] = [];
  const values: unknown[] = [id, userId];
  for (const key of ['name', 'enabled', 'email', 'webhook_url', 'cooldown_minutes'] as const) {
    if (p[key] === undefined) continue;
    values.push(p[key]);
    sets.push(`${key} = $${values.length}`);
  }
  const rows = await db.query(`UPDATE alerts SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1 AND user_id = $2 RETURNING id`, values);
  return rows.length ? getAlert(db, userId, id) : null;
}

export async function deleteAlert(db: Db, userId: number, id: number): Promise<boolean> {
  return (await db.query('DELETE FROM alerts WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId])).length > 0;
}

/** Turns off the e-mail channel of every alert of the user (the unsubscribe link). */
export async function stopAlertEmails(db: Db, userId: number): Promise<number> {
  return (await db.query('UPDATE alerts SET email = false, updated_at = now() WHERE user_id = $1 AND email RETURNING id', [userId])).length;
}

export async function recordWebhookOutcome(db: Db, alertId: number, ok: boolean, error: string | null) {
  await db.query(
    `UPDATE alerts SET webhook_last_attempt_at = now(),
       webhook_last_success_at = CASE WHEN $2 THEN now() ELSE webhook_last_success_at END,
       webhook_last_error = CASE WHEN $2 THEN NULL ELSE $3 END,
       webhook_failures = CASE WHEN $2 THEN 0 ELSE webhook_failures + 1 END
     WHERE id = $1`,
    [alertId, ok, error],
  );
}

// ───────────────────────────── evaluation ─────────────────────────────

export interface EnabledAlert {
  id: number; user_id: number; kind: Alert['kind']; name: string; email: boolean; webhook_url: string | null; webhook_secret: string;
  cooldown_minutes: number; scanner_template_id: number | null; template_id: number | null; side: 'BUY' | 'SELL' | 'SHORT' | 'COVER' | null;
  watchlist_id: number | null; symbol: string | null; direction: 'above' | 'below' | null; level: number | null;
  last_matches: string[] | null; user_email: string;
}

export async function enabledAlerts(db: Db): Promise<EnabledAlert[]> {
  return db.query<EnabledAlert>(
    `SELECT a.id, a.user_id, a.kind, a.name, a.email, a.webhook_url, a.webhook_secret, a.cooldown_minutes, a.scanner_template_id,
            a.template_id, a.side, a.watchlist_id, a.symbol, a.direction, a.level, a.last_matches, u.email AS user_email
     FROM alerts a JOIN users u ON u.id = a.user_id WHERE a.enabled ORDER BY a.id`,
  );
}

/** One of the user's alerts as the evaluation reads it (on or off); null when not the user's. */
export async function alertForCheck(db: Db, userId: number, id: number): Promise<EnabledAlert | null> {
  const [a] = await db.query<EnabledAlert>(
    `SELECT a.id, a.user_id, a.kind, a.name, a.email, a.webhook_url, a.webhook_secret, a.cooldown_minutes, a.scanner_template_id,
            a.template_id, a.side, a.watchlist_id, a.symbol, a.direction, a.level, a.last_matches, u.email AS user_email
     FROM alerts a JOIN users u ON u.id = a.user_id WHERE a.id = $1 AND a.user_id = $2`,
    [id, userId],
  );
  return a ?? null;
}

/** Claims an update for evaluation: true once per import id (inside the evaluation's transaction). */
export async function claimEvaluation(t: Db, importId: number): Promise<boolean> {
  const rows = await t.query(`INSERT INTO alert_evaluations (import_id, alerts, fired, ms) VALUES ($1, 0, 0, 0) ON CONFLICT DO NOTHING RETURNING import_id`, [importId]);
  return rows.length === 1;
}

export async function finishEvaluation(t: Db, importId: number, alerts: number, fired: number, ms: number) {
  await t.query('UPDATE alert_evaluations SET alerts = $2, fired = $3, ms = $4 WHERE import_id = $1', [importId, alerts, fired, ms]);
}

/** (alert, symbol) → when it last fired and on which bar. */
export async function symbolStates(t: Db, alertIds: number[]): Promise<Map<string, { firedAt: number; barDate: string }>> {
  const rows = await t.query<{ alert_id: number; symbol: string; fired_ms: number; last_bar_date: string }>(
    `SELECT alert_id, symbol, (extract(epoch FROM last_fired_at) * 1000)::float8 AS fired_ms, last_bar_date::text
     FROM alert_symbol_state WHERE alert_id = ANY ($1::int[])`,
    [alertIds],
  );
  return new Map(rows.map((r) => [`${r.alert_id}|${r.symbol}`, { firedAt: r.fired_ms, barDate: r.last_bar_date }]));
}

export interface Firing {
  alertId: number; userId: number; alertName: string; kind: Alert['kind']; symbol: string | null; message: string; close: number | null;
  values: Record<string, number | null>; link: string; barDate: string;
  /** the alert has a cooldown (its per-symbol firing times are kept) */
  cooldown?: boolean;
}

/** Writes one evaluation's outcome: notifications, per-symbol state, scan matches, timestamps. */
export async function saveEvaluation(t: Db, importId: number, evaluatedIds: number[], firings: Firing[], matches: Array<{ id: number; m: string[] }>) {
  await t.query('UPDATE alerts SET last_evaluated_at = now() WHERE id = ANY ($1::int[])', [evaluatedIds]);
  if (matches.length) {
    await t.query(
      `UPDATE alerts a SET last_matches = x.m FROM jsonb_to_recordset($1::jsonb) AS x(id int, m jsonb) WHERE a.id = x.id`,
      [JSON.stringify(matches)],
    );
  }
  if (!firings.length) return;
  await t.query(
    `INSERT INTO notifications (user_id, alert_id, alert_name, kind, symbol, message, close, "values", link, bar_date, import_id)
     SELECT x.user_id, x.alert_id, x.alert_name, x.kind, x.symbol, x.message, x.close, x."values", x.link, x.bar_date::date, $2
     FROM jsonb_to_recordset($1::jsonb) AS x(user_id int, alert_id int, alert_name text, kind text, symbol text, message text,
       close float8, "values" jsonb, link text, bar_date text)`,
    [JSON.stringify(firings.map((f) => ({
      user_id: f.userId, alert_id: f.alertId, alert_name: f.alertName, kind: f.kind, symbol: f.symbol, message: f.message,
      close: f.close, values: f.values, link: f.link, bar_date: f.barDate,
    }))), importId],
  );
  // a scan alert without a cooldown needs no per-symbol memory (its last_matches is enough)
  const remembered = firings.filter((f) => f.symbol !== null && (f.kind !== 'scan' || f.cooldown));
  if (remembered.length) await t.query(
    `INSERT INTO alert_symbol_state (alert_id, symbol, last_fired_at, last_bar_date)
     SELECT x.alert_id, x.symbol, now(), x.bar_date::date FROM jsonb_to_recordset($1::jsonb) AS x(alert_id int, symbol text, bar_date text)
     ON CONFLICT (alert_id, symbol) DO UPDATE SET last_fired_at = EXCLUDED.last_fired_at, last_bar_date = EXCLUDED.last_bar_date`,
    [JSON.stringify(remembered.map((f) => ({ alert_id: f.alertId, symbol: f.symbol, bar_date: f.barDate })))],
  );
  await t.query('UPDATE alerts SET last_fired_at = now() WHERE id = ANY ($1::int[])', [[...new Set(firings.map((f) => f.alertId))]]);
}

/** The rows (BUY/SELL or SHORT/COVER) of many templates, in the order they were added. */
export async function templateRowsById(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, { name: string; rows: Array<Record<string, unknown>> }>();
  const names = await db.query<{ id: number; name: string }>('SELECT id, name FROM templates WHERE id = ANY ($1::int[])', [ids]);
  const rows = await db.query<{ template_id: number } & Record<string, unknown>>(
    `SELECT template_id, name, indicator_type, period, drift, "offset", length, compare, cvalue, cprice,
            output, fast, slow, signal, stddev, k_smooth, d_period, "group", against
     FROM indicators WHERE template_id = ANY ($1::int[]) ORDER BY id`,
    [ids],
  );
  const out = new Map(names.map((t) => [t.id, { name: t.name, rows: [] as Array<Record<string, unknown>> }]));
  for (const { template_id, ...r } of rows) out.get(template_id)?.rows.push(r);
  return out;
}

/** The saved filters of many scanner queries. */
export async function savedQueriesById(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, { name: string; filters: SavedFilter[] }>();
  const names = await db.query<{ id: number; name: string }>('SELECT id, name FROM scanner_templates WHERE id = ANY ($1::int[])', [ids]);
  const cols = SAVED_FILTER_FIELDS.map((c) => (c === 'order' ? '"order"' : c)).join(', ');
  const rows = await db.query<{ template_id: number } & SavedFilter>(
    `SELECT template_id, ${cols} FROM scanner_filters WHERE template_id = ANY ($1::int[]) ORDER BY "order", id`,
    [ids],
  );
  const out = new Map(names.map((t) => [t.id, { name: t.name, filters: [] as SavedFilter[] }]));
  for (const { template_id, ...f } of rows) out.get(template_id)?.filters.push(f);
  return out;
}

