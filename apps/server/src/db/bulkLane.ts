import type { Db } from './db.ts';
import { BULK_TAG } from './lane.mjs';

// The Db that background work uses (the job queue, batch runs' claims, results and heartbeats), so
// that it never delays what users wait for:
// - on the embedded database, every statement carries the bulk mark and its single thread serves
//   unmarked requests first (pgliteWorker.mjs);
// - on PostgreSQL, background work holds at most BULK_CONNECTIONS of the pool's connections at once,
//   so the others are always there for requests.
// A statement inside a transaction runs on the transaction's own connection (and, on PGlite, while
// the transaction holds the database), so only the transaction as a whole waits for the lane.

/** Connections of a PostgreSQL pool (10) that background work may hold at once. */
export const BULK_CONNECTIONS = 4;

/** At most `size` holders at once, the others wait in turn. */
class Gate {
  private held = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly size: number) {}
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.held < this.size) this.held++;
    else await new Promise<void>((r) => this.waiting.push(r));
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.held--;
    }
  }
}

const gates = new WeakMap<Db, Gate>();
const bulkOf = new WeakMap<Db, Db>();

/** `db` for background work (one bulk Db per database, so its gate is shared). */
export function bulkLane(db: Db): Db {
  let bulk = bulkOf.get(db);
  if (!bulk) bulkOf.set(db, (bulk = wrap(db, false)));
  return bulk;
}

function wrap(db: Db, inTx: boolean): Db {
  let gate = gates.get(db);
  if (!gate && !inTx && db.kind === 'postgres') gates.set(db, (gate = new Gate(BULK_CONNECTIONS)));
  const lane = <T>(fn: () => Promise<T>) => (gate && !inTx ? gate.run(fn) : fn());
  const out: Db = {
    kind: db.kind,
    query: (sql, params) => lane(() => db.query(BULK_TAG + sql, params)),
    exec: (sql) => lane(() => db.exec(BULK_TAG + sql)),
    tx: (fn) => (inTx ? fn(out) : lane(() => db.tx((t) => fn(wrap(t, true))))),
    // the database is closed by whoever opened it, never through a lane
    close: async () => {},
  };
  if (db.copyBinaryOut) out.copyBinaryOut = (select) => lane(() => db.copyBinaryOut!(BULK_TAG + select));
  if (db.copyBinaryIn) out.copyBinaryIn = (table, columns, bytes) => lane(() => db.copyBinaryIn!(table, columns, bytes));
  return out;
}
