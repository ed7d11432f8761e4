// The embedded database's own thread: PGlite runs here so that its queries (synchronous WebAssembly
// once they start) never stop the server's event loop. Requests come from the server thread
// (pgliteThread.ts) and, when the server asks for it, from other processes on a unix socket in the
// data directory (the CLI commands beside a running server). Plain JavaScript so that a worker
// started under any loader (tsx, Vitest) can load it.
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { frameReader, writeFrame } from './pgliteFrames.mjs';
import { isBulk } from './lane.mjs';

const { dataDir, socketPath, loadDataDir } = workerData;
// PGlite parses dates into Date objects by default; keep 'YYYY-MM-DD' and int8 as numbers like pg.
const lite = await PGlite.create(dataDir ?? undefined, {
  parsers: { 1082: (v) => v, 20: (v) => Number(v) },
  ...(loadDataDir && { loadDataDir: new Blob([loadDataDir]) }),
});

// A transaction holds PGlite's transaction lock from `begin` until `commit` or `rollback`; every
// other request waits for it inside PGlite, as it did with PGlite in the server's thread.
const ROLLBACK = Symbol('rollback');
let nextTx = 1;
const open = new Map(); // tx id → { tx, commit, rollback, done }

function begin() {
  return new Promise((started, failed) => {
    const id = nextTx++;
    const entry = {};
    entry.done = lite
      .transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            Object.assign(entry, { tx, commit, rollback });
            open.set(id, entry);
            started(id);
          }),
      )
      .finally(() => open.delete(id));
    entry.done.catch((e) => e !== ROLLBACK && failed(e));
  });
}

async function end(id, commit) {
  const entry = open.get(id);
  if (!entry) throw new Error(`no open transaction ${id}`);
  if (commit) {
    entry.commit();
    await entry.done;
  } else {
    entry.rollback(ROLLBACK);
    await entry.done.catch((e) => {
      if (e !== ROLLBACK) throw e;
    });
  }
}

function target(tx) {
  if (tx === undefined || tx === null) return lite;
  const entry = open.get(tx);
  if (!entry) throw new Error(`no open transaction ${tx}`);
  return entry.tx;
}

async function handle(m, owned) {
  switch (m.op) {
    case 'query':
      return { rows: (await target(m.tx).query(m.sql, m.params ?? [])).rows };
    case 'exec': {
      const results = await target(m.tx).exec(m.sql);
      return { rows: results.at(-1)?.rows ?? [] };
    }
    case 'begin': {
      const id = await begin();
      owned?.add(id);
      return { tx: id };
    }
    case 'commit':
    case 'rollback':
      owned?.delete(m.tx);
      await end(m.tx, m.op === 'commit');
      return {};
    case 'copyIn':
      await target(m.tx).query(m.sql, [], { blob: new Blob([m.bytes]) });
      return {};
    case 'copyOut': {
      const r = await lite.query(`COPY (${m.sql}) TO '/dev/blob' WITH (FORMAT binary)`);
      return { bytes: new Uint8Array(r.blob ? await r.blob.arrayBuffer() : new ArrayBuffer(0)) };
    }
    case 'dump': {
      const blob = await lite.dumpDataDir('none');
      return { bytes: new Uint8Array(await blob.arrayBuffer()) };
    }
    default:
      throw new Error(`unknown request ${m.op}`);
  }
}

// Errors cross as plain objects with PostgreSQL's fields (code, constraint…) kept: callers test e.code.
function plainError(e) {
  const out = { message: e?.message ?? String(e) };
  for (const [k, v] of Object.entries(e ?? {})) if (['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  return out;
}

async function answer(m, owned, reply) {
  try {
    reply({ id: m.id, ok: true, ...(await handle(m, owned)) });
  } catch (e) {
    reply({ id: m.id, ok: false, error: plainError(e) });
  }
}

// Two lanes in front of the database. PGlite runs one statement at a time, first come first served,
// so a session check arriving behind a queue of background statements (the job queue's polls, batch
// runs' claims and results, the market's reload) waited for all of them. Requests outside a
// transaction are served here one at a time instead, those marked bulk (lane.mjs) only when no other
// request waits, except that one bulk request goes after every BULK_AFTER others so background work
// is slowed, never stopped. A statement of an open transaction goes straight to PGlite: the
// transaction holds the database, so whatever waits here would wait for it anyway (and holding it
// here would deadlock a request waiting in PGlite for the transaction to end).
const BULK_AFTER = 16;
const lanes = { light: [], bulk: [] };
let serving = false;
let lightInARow = 0;

function schedule(m, owned, reply) {
  if (m.tx !== undefined && m.tx !== null) return void answer(m, owned, reply);
  (isBulk(m.sql) ? lanes.bulk : lanes.light).push({ m, owned, reply });
  void serve();
}

async function serve() {
  if (serving) return;
  serving = true;
  try {
    for (;;) {
      // PGlite's statements run synchronously on this thread: requests sent meanwhile are still in
      // the message port, and only a turn of the event loop (not the microtasks an await gives)
      // brings them into the lanes, where a light one can be picked before the next bulk one
      await new Promise((r) => setImmediate(r));
      const bulk = lanes.bulk.length > 0 && (lanes.light.length === 0 || lightInARow >= BULK_AFTER);
      const next = bulk ? lanes.bulk.shift() : lanes.light.shift();
      if (!next) break;
      lightInARow = bulk ? 0 : lightInARow + 1;
      await answer(next.m, next.owned, next.reply);
    }
  } finally {
    serving = false;
  }
}

let server = null;
let shareError = null;
const sockets = new Set();
if (socketPath) {
  rmSync(socketPath, { force: true }); // left by a process that was killed
  server = createServer((socket) => {
    sockets.add(socket);
    const owned = new Set(); // this client's open transactions: rolled back if it goes away
    socket.on('data', frameReader((m) => schedule(m, owned, (r) => writeFrame(socket, r))));
    socket.on('error', () => {});
    socket.on('close', () => {
      sockets.delete(socket);
      for (const id of owned) void end(id, false).catch(() => {});
    });
  });
  // A path too long for a unix socket (about 100 bytes) or a file system without sockets: the server
  // still runs, and commands started meanwhile say the directory is in use.
  await new Promise((resolve) => server.once('error', resolve).listen(socketPath, resolve)).then((err) => {
    if (!err) return;
    shareError = `cannot share the database on ${socketPath}: ${err.message}`;
    server = null;
  });
}

parentPort.on('message', async (m) => {
  if (m.op !== 'close') return schedule(m, null, (r) => parentPort.postMessage(r, r.bytes ? [r.bytes.buffer] : []));
  try {
    if (server) {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(() => resolve()));
    }
    await lite.close();
    parentPort.postMessage({ id: m.id, ok: true });
  } catch (e) {
    parentPort.postMessage({ id: m.id, ok: false, error: plainError(e) });
  }
});
parentPort.postMessage({ ready: true, shareError });
