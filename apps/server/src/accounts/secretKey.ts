import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/index.ts';

// The key that signs sessions, password-reset and unsubscribe links. No key that ships with the code
// signs anything: SECRET_KEY when it is set (long enough, not a documented example), else a random
// 256-bit key made on the first start and kept — in DATA_DIR/secret_key (mode 0600) on the embedded
// database, in the table server_secrets on PostgreSQL so that every process shares it.

export const MIN_SECRET_KEY_BYTES = 32;

/** Values that were ever written in this repository as a SECRET_KEY; anyone can read them. */
export const DOCUMENTED_EXAMPLE_KEYS: readonly string[] = ['dev-only-secret-change-me-in-production-0123456789'];

/** Why SECRET_KEY may not be used, or null when it may. */
export function secretKeyProblem(value: string): string | null {
  if (DOCUMENTED_EXAMPLE_KEYS.includes(value))
    return 'SECRET_KEY is an example value published with Stockbench: anyone could sign in as anyone. Unset it (a random key is made and kept) or set your own, e.g. `openssl rand -base64 48`.';
  if (Buffer.byteLength(value) < MIN_SECRET_KEY_BYTES)
    return `SECRET_KEY is ${Buffer.byteLength(value)} bytes; it must be at least ${MIN_SECRET_KEY_BYTES} random bytes (e.g. \`openssl rand -base64 48\`), or unset so that a random key is made and kept.`;
  return null;
}

export const newSecretKey = () => randomBytes(32).toString('base64url');
export const KEY_FILE = 'secret_key';
const fingerprint = (key: string) => createHash('sha256').update(`stockbench-key:${key}`).digest('hex').slice(0, 16);

export interface KeptKey {
  key: string;
  source: 'SECRET_KEY' | 'generated' | 'loaded';
  where: string;
  /** Sessions of an earlier key were ended on this start (the key changed). */
  endedSessions: boolean;
}

/** The key file of the embedded database: read it, or write a new one (mode 0600). The exclusive
 *  create makes two racing first starts agree on one key. */
function keyFromFile(dataDir: string): { key: string; made: boolean } {
  const path = join(dataDir, KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(path, newSecretKey() + '\n', { flag: 'wx', mode: 0o600 });
    chmodSync(path, 0o600); // a umask cannot loosen it
    return { key: readFileSync(path, 'utf8').trim(), made: true };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = readFileSync(path, 'utf8').trim();
  if (Buffer.byteLength(key) < MIN_SECRET_KEY_BYTES) throw new Error(`${path} holds no usable key; remove it and start again to make a new one`);
  return { key, made: false };
}

/** The database's kept key: concurrent first starts insert one each, the first wins and all read it. */
async function keyFromDatabase(db: Db): Promise<{ key: string; made: boolean }> {
  const candidate = newSecretKey();
  await db.query(`INSERT INTO server_secrets (name, value) VALUES ('secret_key', $1) ON CONFLICT (name) DO NOTHING`, [candidate]);
  const [row] = await db.query<{ value: string }>(`SELECT value FROM server_secrets WHERE name = 'secret_key'`);
  return { key: row.value, made: row.value === candidate };
}

/** Ends every session when the signing key differs from the one recorded: access tokens no longer
 *  verify with a new key, and the refresh tokens (random, kept as hashes) are revoked here. */
async function recordKey(db: Db, key: string): Promise<boolean> {
  return db.tx(async (t) => {
    const fp = fingerprint(key);
    await t.query(`INSERT INTO server_secrets (name, value) VALUES ('key_fingerprint', $1) ON CONFLICT (name) DO NOTHING`, [fp]);
    const [row] = await t.query<{ value: string }>(`SELECT value FROM server_secrets WHERE name = 'key_fingerprint' FOR UPDATE`);
    if (row.value === fp) return false;
    await t.query(`UPDATE server_secrets SET value = $1, created_at = now() WHERE name = 'key_fingerprint'`, [fp]);
    await t.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE revoked_at IS NULL`);
    return true;
  });
}

/** The key this server signs with (see the top of this file). Throws with a clear message when
 *  SECRET_KEY may not be used. */
export async function keptSecretKey(db: Db, opts: { secretKeyEnv: string | undefined; dataDir: string }): Promise<KeptKey> {
  let kept: Omit<KeptKey, 'endedSessions'>;
  if (opts.secretKeyEnv) {
    const problem = secretKeyProblem(opts.secretKeyEnv);
    if (problem) throw new Error(problem);
    kept = { key: opts.secretKeyEnv, source: 'SECRET_KEY', where: 'the environment' };
  } else if (db.kind === 'pglite') {
    const { key, made } = keyFromFile(opts.dataDir);
    kept = { key, source: made ? 'generated' : 'loaded', where: join(opts.dataDir, KEY_FILE) };
  } else {
    const { key, made } = await keyFromDatabase(db);
    kept = { key, source: made ? 'generated' : 'loaded', where: 'the database (table server_secrets)' };
  }
  return { ...kept, endedSessions: await recordKey(db, kept.key) };
}

/** `npm run secret -- rotate`: a new kept key; every session ends (at the next start of each server
 *  process on the embedded database, at once in the database on PostgreSQL). */
export async function rotateSecretKey(target: { db: Db } | { dataDir: string }): Promise<string> {
  const key = newSecretKey();
  if ('dataDir' in target) {
    mkdirSync(target.dataDir, { recursive: true });
    const path = join(target.dataDir, KEY_FILE);
    writeFileSync(path, key + '\n', { mode: 0o600 });
    chmodSync(path, 0o600);
    return path;
  }
  await target.db.query(
    `INSERT INTO server_secrets (name, value) VALUES ('secret_key', $1)
     ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, created_at = now()`,
    [key],
  );
  await recordKey(target.db, key);
  // Running processes keep the old key until they restart; a new token version ends their sessions now.
  await target.db.query('UPDATE users SET token_version = token_version + 1');
  return 'the database (table server_secrets)';
}
