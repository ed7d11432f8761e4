import { EXIT_FIELD_NAMES, type ExitField, type Indicator, type IndicatorFields, type TemplateDetail, type TemplateExitValues, type TemplateListItem, type TemplateSettingValues } from '@app/contract';
import type { Db } from '../db/index.ts';

// Templates and their indicator rows. Every query is filtered by the owner, so another user's id
// behaves exactly like an id that does not exist (null / false), and the route answers 404.

interface TemplateRow extends TemplateExitValues {
  id: number;
  name: string;
  position_size: number;
  commission: number;
  cash: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const EXIT_COLS = EXIT_FIELD_NAMES.join(', ');

const iso = (t: Date | string) => new Date(t).toISOString();
export const INDICATOR_COLS =
  `id, template_id AS template, name, indicator_type, period, drift, "offset", length, compare, cvalue, cprice, ` +
  `output, fast, slow, signal, stddev, k_smooth, d_period, "group", against, price_left`;

export async function listTemplates(db: Db, userId: number): Promise<TemplateListItem[]> {
  return db.query<TemplateListItem>('SELECT id, name FROM templates WHERE user_id = $1 ORDER BY id', [userId]);
}

/** How many templates the user has (the per-user limit is checked against it). */
export async function countTemplates(db: Db, userId: number): Promise<number> {
  return (await countTemplatesNamed(db, userId, null)).count;
}

/** How many templates the user has, and whether one of them is named `name`: one statement for
 *  the two checks before a new template. */
export async function countTemplatesNamed(db: Db, userId: number, name: string | null): Promise<{ count: number; named: boolean }> {
  const [r] = await db.query<{ count: number; named: boolean }>(
    'SELECT count(*)::int AS count, coalesce(bool_or(name = $2), false) AS named FROM templates WHERE user_id = $1',
    [userId, name],
  );
  return r;
}

/** How many indicator rows the user's template holds; null when the template is not the user's. */
export async function countIndicators(db: Db, userId: number, templateId: number): Promise<number | null> {
  const r = await indicatorSides(db, userId, templateId);
  return r ? r.length : null;
}

/** The sides (BUY, SELL, SHORT, COVER) of the template's rows, one per row; null when the template
 *  is not the user's. */
export async function indicatorSides(db: Db, userId: number, templateId: number): Promise<string[] | null> {
  const [r] = await db.query<{ sides: string[] }>(
    `SELECT coalesce((SELECT array_agg(indicator_type ORDER BY id) FROM indicators WHERE template_id = t.id), '{}') AS sides
     FROM templates t WHERE t.id = $1 AND t.user_id = $2`,
    [templateId, userId],
  );
  return r ? r.sides : null;
}

/** The template with its indicators in the user's order (added last, unless moved); null when not the user's. */
export async function getTemplate(db: Db, userId: number, id: number): Promise<TemplateDetail | null> {
  const [t] = await db.query<TemplateRow>(
    `SELECT id, name, position_size, commission, cash, ${EXIT_COLS}, created_at, updated_at FROM templates WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  if (!t) return null;
  const indicators = await db.query<Indicator>(`SELECT ${INDICATOR_COLS} FROM indicators WHERE template_id = $1 ORDER BY position, id`, [id]);
  return templateDetail(t, indicators);
}

function templateDetail(t: TemplateRow, indicators: Indicator[]): TemplateDetail {
  const exits = Object.fromEntries(EXIT_FIELD_NAMES.map((f) => [f, t[f] ?? null])) as TemplateExitValues;
  return {
    id: t.id, name: t.name, position_size: t.position_size, commission: t.commission, cash: t.cash, ...exits,
    created_at: iso(t.created_at), updated_at: iso(t.updated_at), indicators,
  };
}

/** Whether the user has another template (not `exceptId`) with this name. */
export async function templateNameTaken(db: Db, userId: number, name: string, exceptId: number | null = null): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM templates WHERE user_id = $1 AND name = $2 AND id IS DISTINCT FROM $3 LIMIT 1', [userId, name, exceptId]);
  return rows.length > 0;
}

export async function createTemplate(
  db: Db,
  userId: number,
  name: string,
  s: TemplateSettingValues,
  exits: Partial<TemplateExitValues> = {},
): Promise<TemplateDetail> {
  // one statement: on the embedded database every statement is a turn of its one thread
  const [t] = await db.query<TemplateRow>(
    `INSERT INTO templates (user_id, name, position_size, commission, cash, ${EXIT_COLS})
     VALUES ($1, $2, $3, $4, $5, ${EXIT_FIELD_NAMES.map((_, k) => `$${k + 6}`).join(', ')})
     RETURNING id, name, position_size, commission, cash, ${EXIT_COLS}, created_at, updated_at`,
    [userId, name, s.position_size, s.commission, s.cash, ...EXIT_FIELD_NAMES.map((f) => exits[f] ?? null)],
  );
  return templateDetail(t, []);
}

/** Renames and changes the settings given: an undefined setting or exit keeps the stored value, a null
 *  exit clears it; null when not the user's. */
export async function updateTemplate(
  db: Db,
  userId: number,
  id: number,
  name: string,
  s: Partial<TemplateSettingValues>,
  exits: Partial<TemplateExitValues> = {},
): Promise<TemplateDetail | null> {
  const given = EXIT_FIELD_NAMES.filter((f) => exits[f] !== undefined);
  const setExits = given.map((f, k) => `, ${f} = $${k + 7}`).join('');
  const rows = await db.query(
    `UPDATE templates SET name = $3, position_size = COALESCE($4, position_size), commission = COALESCE($5, commission),
       cash = COALESCE($6, cash)${setExits}, updated_at = now()
     WHERE id = $1 AND user_id = $2 RETURNING id`,
    [id, userId, name, s.position_size ?? null, s.commission ?? null, s.cash ?? null, ...given.map((f: ExitField) => exits[f])],
  );
  return rows.length ? getTemplate(db, userId, id) : null;
}

/** Deletes the template and its indicators; false when not the user's. */
export async function deleteTemplate(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM templates WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
  return rows.length > 0;
}

/** Adds an indicator to one of the user's templates; null when the template is not the user's. */
export async function addIndicator(db: Db, userId: number, templateId: number, ind: IndicatorFields): Promise<Indicator | null> {
  // one statement (the template's updated_at with the new row): on the embedded database every
  // statement is a turn of its one thread
  const [row] = await db.query<Indicator>(
    `WITH t AS (UPDATE templates SET updated_at = now() WHERE id = $1 AND user_id = $2 RETURNING id)
     INSERT INTO indicators (template_id, name, indicator_type, period, drift, "offset", length, compare, cvalue, cprice,
                             output, fast, slow, signal, stddev, k_smooth, d_period, "group", against, price_left, position)
     SELECT id, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20::jsonb, $21,
            (SELECT coalesce(max(position), 0) + 1 FROM indicators WHERE template_id = t.id)
     FROM t
     RETURNING ${INDICATOR_COLS}`,
    [templateId, userId, ...fieldValues(ind)],
  );
  return row ?? null;
}

/** A row's stored fields in the order of the INSERT and UPDATE statements ($3 to $21). */
const fieldValues = (ind: IndicatorFields) => [
  ind.name, ind.indicator_type, ind.period, ind.drift, ind.offset, ind.length, ind.compare, ind.cvalue, ind.cprice,
  ind.output, ind.fast, ind.slow, ind.signal, ind.stddev, ind.k_smooth, ind.d_period, ind.group,
  ind.against ? JSON.stringify(ind.against) : null, ind.price_left ?? false,
];

/** One of the user's rows with its place: its template, side, block and position; null when it is not
 *  the user's. */
export async function indicatorPlace(db: Db, userId: number, id: number) {
  const [r] = await db.query<{ template_id: number; indicator_type: string; group: number; position: number; others: string[] }>(
    `SELECT i.template_id, i.indicator_type, i."group", i.position,
            coalesce((SELECT array_agg(o.indicator_type) FROM indicators o WHERE o.template_id = i.template_id AND o.id <> i.id), '{}') AS others
     FROM indicators i JOIN templates t ON t.id = i.template_id WHERE i.id = $1 AND t.user_id = $2`,
    [id, userId],
  );
  return r ?? null;
}

/** Replaces the fields of one of the user's rows; a row that changes side or block goes last. Null
 *  when it is not the user's. */
export async function updateIndicator(db: Db, userId: number, id: number, ind: IndicatorFields): Promise<Indicator | null> {
  const [row] = await db.query<Indicator>(
    `WITH t AS (UPDATE templates SET updated_at = now() FROM indicators i
                WHERE i.id = $1 AND templates.id = i.template_id AND templates.user_id = $2 RETURNING templates.id AS tid)
     UPDATE indicators SET name = $3, indicator_type = $4, period = $5, drift = $6, "offset" = $7, length = $8, compare = $9,
       cvalue = $10, cprice = $11, output = $12, fast = $13, slow = $14, signal = $15, stddev = $16, k_smooth = $17,
       d_period = $18, "group" = $19, against = $20::jsonb, price_left = $21,
       position = CASE WHEN indicators.indicator_type = $4 AND indicators."group" = $19 THEN indicators.position
                       ELSE (SELECT max(position) + 1 FROM indicators o WHERE o.template_id = indicators.template_id) END
     FROM t WHERE indicators.id = $1 AND indicators.template_id = t.tid
     RETURNING ${INDICATOR_COLS}`,
    [id, userId, ...fieldValues(ind)],
  );
  return row ?? null;
}

/** Moves one of the user's rows a place up or down within its block (swapping with its neighbour;
 *  nothing at either end), or last into another block of its side. False when it is not the user's. */
export async function moveIndicator(db: Db, userId: number, id: number, move: { direction: 'up' | 'down' } | { group: number }): Promise<boolean> {
  const place = await indicatorPlace(db, userId, id);
  if (!place) return false;
  if ('group' in move) {
    if (move.group !== place.group) {
      await db.query(
        `UPDATE indicators SET "group" = $2, position = (SELECT max(position) + 1 FROM indicators o WHERE o.template_id = $3) WHERE id = $1`,
        [id, move.group, place.template_id],
      );
    }
  } else {
    const up = move.direction === 'up';
    const [next] = await db.query<{ id: number; position: number }>(
      `SELECT id, position FROM indicators
       WHERE template_id = $1 AND indicator_type = $2 AND "group" = $3 AND id <> $4
         AND ${up ? '(position, id) < ($5, $4)' : '(position, id) > ($5, $4)'}
       ORDER BY position ${up ? 'DESC' : 'ASC'}, id ${up ? 'DESC' : 'ASC'} LIMIT 1`,
      [place.template_id, place.indicator_type, place.group, id, place.position],
    );
    if (next) {
      // equal positions (never made by this app) would not swap: the moved row steps past its neighbour
      const mine = next.position === place.position ? next.position + (up ? -1 : 1) : next.position;
      await db.query('UPDATE indicators SET position = CASE WHEN id = $1 THEN $2::int ELSE $3::int END WHERE id IN ($1, $4)', [id, mine, place.position, next.id]);
    }
  }
  await db.query('UPDATE templates SET updated_at = now() WHERE id = $1', [place.template_id]);
  return true;
}

/** Deletes an indicator of one of the user's templates; false when it is not the user's. */
export async function deleteIndicator(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db.query(
    `WITH gone AS (
       DELETE FROM indicators i USING templates t
       WHERE i.id = $1 AND i.template_id = t.id AND t.user_id = $2 RETURNING i.template_id)
     UPDATE templates SET updated_at = now() WHERE id IN (SELECT template_id FROM gone) RETURNING id`,
    [id, userId],
  );
  return rows.length > 0;
}
