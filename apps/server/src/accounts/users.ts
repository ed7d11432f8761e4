import type { Db } from '../db/index.ts';
import type { UserDetails } from '@app/contract';

// The users table: every query about accounts lives here.

export interface UserRow {
  id: number;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  google_sub: string | null;
  token_version: number;
}

const COLUMNS = 'id, email, username, first_name, last_name, password_hash, google_sub, token_version';

/** E-mails are compared and stored lower-cased, as allauth does. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function toDetails(u: UserRow): UserDetails {
  return { pk: u.id, username: u.username, email: u.email, first_name: u.first_name, last_name: u.last_name };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE lower(email) = $1`, [normalizeEmail(email)]);
  return rows[0] ?? null;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findUserByGoogleSub(db: Db, sub: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE google_sub = $1`, [sub]);
  return rows[0] ?? null;
}

/** Inserts a user; null when the e-mail is already registered (checked by the unique index, race-free). */
export async function createUser(
  db: Db,
  u: { email: string; passwordHash: string | null; googleSub?: string | null; firstName?: string; lastName?: string },
): Promise<UserRow | null> {
  const email = normalizeEmail(u.email);
  const rows = await db.query<UserRow>(
    `INSERT INTO users (email, username, password_hash, google_sub, first_name, last_name)
     VALUES ($1, $1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
    [email, u.passwordHash, u.googleSub ?? null, u.firstName ?? '', u.lastName ?? ''],
  );
  return rows[0] ?? null;
}

export async function updateNames(db: Db, id: number, names: { first_name?: string; last_name?: string }): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(
    `UPDATE users SET first_name = COALESCE($2, first_name), last_name = COALESCE($3, last_name), updated_at = now()
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, names.first_name ?? null, names.last_name ?? null],
  );
  return rows[0] ?? null;
}

/** Sets a new password and bumps token_version, which signs out every existing session. */
export async function setPassword(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2, token_version = token_version + 1, updated_at = now() WHERE id = $1', [id, passwordHash]);
  await db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [id]);
}

export async function linkGoogle(db: Db, id: number, sub: string): Promise<void> {
  await db.query('UPDATE users SET google_sub = $2, updated_at = now() WHERE id = $1', [id, sub]);
}

export async function touchLogin(db: Db, id: number): Promise<void> {
  await db.query('UPDATE users SET last_login = now() WHERE id = $1', [id]);
}
