// One small interface over the embedded PGlite and a PostgreSQL server, so repositories write
// plain SQL once and run on both. Parameters are $1, $2…; bytea comes back as Uint8Array.
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  query<T = Record<string, any>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs several statements (no parameters; migrations, the job queue's maintenance) and answers
   *  the rows of the last one. */
  exec(sql: string): Promise<Record<string, any>[]>;
  /** Runs fn inside one transaction; the Db it receives must be used for every statement in it. */
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only (outside transactions): runs `COPY (<select>) TO '/dev/blob' WITH (FORMAT binary)`
   *  and returns the bytes, the fastest way to move bytea out of the embedded database. */
  copyBinaryOut?(select: string): Promise<Buffer>;
  /** PGlite only (inside transactions too): runs `COPY <table> (<columns>) FROM '/dev/blob' WITH
   *  (FORMAT binary)` on bytes in that format (copyBinary.ts), the fastest way to write many rows. */
  copyBinaryIn?(table: string, columns: readonly string[], bytes: Uint8Array<ArrayBuffer>): Promise<void>;
}

/** The COPY statement of Db.copyBinaryIn, for both ways of running PGlite. */
export const copyInSql = (table: string, columns: readonly string[]) =>
  `COPY ${table} (${columns.join(', ')}) FROM '/dev/blob' WITH (FORMAT binary)`;
