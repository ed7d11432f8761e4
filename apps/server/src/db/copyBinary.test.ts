import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyBinary, type CopyType } from './copyBinary.ts';
import { openPglite } from './index.ts';
import { openPgliteThread } from './pgliteThread.ts';
import type { Db } from './db.ts';

const TYPES: CopyType[] = ['text', 'int4', 'float8', 'date', 'bytea'];
const ROWS: unknown[][] = [
  ['AAPL', 1, 189.25, '2024-02-29', Uint8Array.from([0, 1, 254, 255])],
  ["Ünïcode 'quoted' \t tab", -2_147_483_648, -0.1, '1999-12-31', new Uint8Array(0)],
  [null, null, null, null, null],
  ['', 2_147_483_647, 1e-300, '1970-01-01', Uint8Array.from({ length: 3000 }, (_, i) => i % 251)],
];
const read = (db: Db) =>
  db.query<{ t: string | null; i: number | null; f: number | null; d: string | null; b: string | null }>(
    "SELECT t, i, f, d::text AS d, encode(b, 'hex') AS b FROM copy_check ORDER BY k",
  );
const hex = (b: unknown) => (b === null ? null : Buffer.from(b as Uint8Array).toString('hex'));

// Both ways the embedded database runs: in this thread (tests, CLI) and in its own (the server).
describe.each([
  ['in this thread', () => openPglite(null)],
  ['in its own thread', () => openPgliteThread(null)],
])('copyBinaryIn, PGlite %s', (_name, open) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
    await db.exec('CREATE TABLE copy_check (k serial, t text, i int4, f float8, d date, b bytea)');
  });
  afterAll(() => db.close());

  it('writes every type and NULL as PostgreSQL reads them back', async () => {
    await db.copyBinaryIn!('copy_check', ['t', 'i', 'f', 'd', 'b'], copyBinary(TYPES, ROWS));
    expect(await read(db)).toEqual(ROWS.map(([t, i, f, d, b]) => ({ t, i, f, d, b: hex(b) })));
  });

  it('writes inside a transaction, and a failed one leaves nothing', async () => {
    await db.exec('TRUNCATE copy_check');
    await db.tx((t) => t.copyBinaryIn!('copy_check', ['t'], copyBinary(['text'], [['kept']])));
    await expect(
      db.tx(async (t) => {
        await t.copyBinaryIn!('copy_check', ['t'], copyBinary(['text'], [['rolled back']]));
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect((await read(db)).map((r) => r.t)).toEqual(['kept']);
  });
});

describe('copyBinary', () => {
  it('refuses a row whose values do not match the columns, and a value that is no date', () => {
    expect(() => copyBinary(['text', 'int4'], [['a']])).toThrow('1 values for 2 columns');
    expect(() => copyBinary(['date'], [['2024-13-45']])).toThrow('not a date');
  });
});
