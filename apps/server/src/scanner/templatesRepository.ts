import { SAVED_FILTER_FIELDS, type SavedFilter, type ScannerTemplate, type ScannerTemplateSummary } from '@app/contract';
import type { Db } from '../db/index.ts';

// SQL of saved scanner queries. Every query is filtered by owner, so another user's id reads as absent.

const COLS = SAVED_FILTER_FIELDS.map((c) => (c === 'order' ? '"order"' : c));

export async function listTemplates(db: Db, userId: number): Promise<ScannerTemplateSummary[]> {
  return db.query<ScannerTemplateSummary>('SELECT id, name FROM scanner_templates WHERE user_id = $1 ORDER BY name, id', [userId]);
}

/** How many saved queries the user has (the per-user limit is checked against it). */
export async function countTemplates(db: Db, userId: number): Promise<number> {
  const [r] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM scanner_templates WHERE user_id = $1', [userId]);
  return r.n;
}

export async function getTemplate(db: Db, userId: number, id: number): Promise<ScannerTemplate | null> {
  const [t] = await db.query<ScannerTemplateSummary>('SELECT id, name FROM scanner_templates WHERE id = $1 AND user_id = $2', [id, userId]);
  if (!t) return null;
  const filters = await db.query<SavedFilter>(
    `SELECT ${COLS.join(', ')} FROM scanner_filters WHERE template_id = $1 ORDER BY "order", id`,
    [id],
  );
  return { ...t, filters };
}

export async function templateNameTaken(db: Db, userId: number, name: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM scanner_templates WHERE user_id = $1 AND name = $2', [userId, name]);
  return rows.length > 0;
}

/** Inserts the template and its filters in one transaction; null when the user already has that name. */
export async function createTemplate(db: Db, userId: number, name: string, filters: SavedFilter[]): Promise<ScannerTemplate | null> {
  try {
    return await db.tx(async (t) => {
      const [row] = await t.query<{ id: number }>(
        'INSERT INTO scanner_templates (user_id, name) VALUES ($1, $2) RETURNING id',
        [userId, name],
      );
      for (const f of filters) {
        await t.query(
          `INSERT INTO scanner_filters (template_id, ${COLS.join(', ')})
           VALUES ($1, ${COLS.map((_, i) => `$${i + 2}`).join(', ')})`,
          [row.id, ...SAVED_FILTER_FIELDS.map((c) => f[c])],
        );
      }
      return { id: row.id, name, filters: [...filters].sort((a, b) => a.order - b.order) };
    });
  } catch (e) {
    // two saves of the same name racing: the unique constraint decides
    if ((e as { code?: string }).code === '23505') return null;
    throw e;
  }
}

export async function deleteTemplate(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM scanner_templates WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
  return rows.length > 0;
}
