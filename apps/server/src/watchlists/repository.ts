import type { Watchlist, WatchlistListItem } from '@app/contract';
import type { Db } from '../db/index.ts';

// SQL of watchlists. Every query is filtered by owner, so another user's id reads as absent.

const COLS = `id, name, symbols, created_at::text AS created_at, updated_at::text AS updated_at`;
const iso = <T extends { created_at: string; updated_at: string }>(r: T): T => ({
  ...r,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});

export async function listWatchlists(db: Db, userId: number): Promise<WatchlistListItem[]> {
  const rows = await db.query<WatchlistListItem>(
    `SELECT id, name, cardinality(symbols) AS symbol_count, created_at::text AS created_at, updated_at::text AS updated_at
     FROM watchlists WHERE user_id = $1 ORDER BY name, id`,
    [userId],
  );
  return rows.map(iso);
}

export async function getWatchlist(db: Db, userId: number, id: number): Promise<Watchlist | null> {
  const [row] = await db.query<Watchlist>(`SELECT ${COLS} FROM watchlists WHERE id = $1 AND user_id = $2`, [id, userId]);
  return row ? iso(row) : null;
}

export async function countWatchlists(db: Db, userId: number): Promise<number> {
  const [r] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM watchlists WHERE user_id = $1', [userId]);
  return r.n;
}

export async function watchlistNameTaken(db: Db, userId: number, name: string, exceptId = 0): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM watchlists WHERE user_id = $1 AND name = $2 AND id <> $3', [userId, name, exceptId]);
  return rows.length > 0;
}

const unique = (e: unknown) => (e as { code?: string }).code === '23505';

/** Null when the user already has that name (a concurrent create took it). */
export async function createWatchlist(db: Db, userId: number, name: string, symbols: string[]): Promise<Watchlist | null> {
  try {
    const [row] = await db.query<Watchlist>(
      `INSERT INTO watchlists (user_id, name, symbols) VALUES ($1, $2, $3::text[]) RETURNING ${COLS}`,
      [userId, name, symbols],
    );
    return iso(row);
  } catch (e) {
    if (unique(e)) return null;
    throw e;
  }
}

/** Undefined: no such list of the user; null: the name is taken. */
export async function renameWatchlist(db: Db, userId: number, id: number, name: string): Promise<Watchlist | null | undefined> {
  try {
    const [row] = await db.query<Watchlist>(
      `UPDATE watchlists SET name = $3, updated_at = now() WHERE id = $1 AND user_id = $2 RETURNING ${COLS}`,
      [id, userId, name],
    );
    return row ? iso(row) : undefined;
  } catch (e) {
    if (unique(e)) return null;
    throw e;
  }
}

export async function setWatchlistSymbols(db: Db, userId: number, id: number, symbols: string[]): Promise<Watchlist | null> {
  const [row] = await db.query<Watchlist>(
    `UPDATE watchlists SET symbols = $3::text[], updated_at = now() WHERE id = $1 AND user_id = $2 RETURNING ${COLS}`,
    [id, userId, symbols],
  );
  return row ? iso(row) : null;
}

export async function deleteWatchlist(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM watchlists WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
  return rows.length > 0;
}

export async function watchlistsWithSymbol(db: Db, userId: number, symbol: string): Promise<Array<{ id: number; name: string; contains: boolean }>> {
  return db.query(`SELECT id, name, $2 = ANY (symbols) AS contains FROM watchlists WHERE user_id = $1 ORDER BY name, id`, [userId, symbol]);
}

/** The symbols of many lists (the alert evaluation reads them all at once). */
export async function watchlistSymbolsById(db: Db, ids: number[]): Promise<Map<number, string[]>> {
  if (!ids.length) return new Map();
  const rows = await db.query<{ id: number; symbols: string[] }>('SELECT id, symbols FROM watchlists WHERE id = ANY ($1::int[])', [ids]);
  return new Map(rows.map((r) => [r.id, r.symbols]));
}
