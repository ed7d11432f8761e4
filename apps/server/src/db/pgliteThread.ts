import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { copyInSql, type Db } from './db.ts';
import { lockDataDir } from './dataDirLock.ts';
import { frameReader, writeFrame } from './pgliteFrames.mjs';

// The embedded database as the server runs it: PGlite in its own worker thread (pgliteWorker.mjs),
// so a query never stops the event loop that answers requests. A data directory can be opened by
// one process only, so the process that opens it holds a lock file there; the server also serves
// its database on a unix socket beside it, and a CLI command started meanwhile talks through that.

type Request = { op: string; sql?: string; params?: unknown[]; tx?: number; bytes?: Uint8Array };
type Reply = {
  id: number;
  ok: boolean;
  error?: Record<string, unknown> & { message: string };
  rows?: Record<string, unknown>[];
  tx?: number;
  bytes?: Uint8Array;
};

/** How a Db sends its requests: to the worker thread, or over the socket to a server's thread. */
interface Channel {
  request(r: Request): Promise<Reply>;
  close(): Promise<void>;
}

export const SOCKET_FILE = '.s.stockbench';

function remoteError(e: NonNullable<Reply['error']>): Error {
  return Object.assign(new Error(e.message), e);
}

/** Matches requests to replies by id and keeps the process alive while any is pending. Once the
 *  other end is gone every request fails at once: one sent later (a rollback after the failed
 *  write) would otherwise wait for a reply that never comes. */
function pending(ref: () => void, unref: () => void) {
  let next = 1;
  let gone: Error | null = null;
  const waiting = new Map<number, { resolve(r: Reply): void; reject(e: Error): void }>();
  return {
    get gone() {
      return gone;
    },
    add(send: (id: number) => void): Promise<Reply> {
      if (gone) return Promise.reject(gone);
      const id = next++;
      if (waiting.size === 0) ref();
      return new Promise<Reply>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        send(id);
      });
    },
    settle(r: Reply) {
      const w = waiting.get(r.id);
      if (!w) return;
      waiting.delete(r.id);
      if (waiting.size === 0) unref();
      if (r.ok) w.resolve(r);
      else w.reject(remoteError(r.error!));
    },
    failAll(e: Error) {
      gone ??= e;
      for (const w of waiting.values()) w.reject(e);
      waiting.clear();
      unref();
    },
  };
}

function remoteDb(ch: Channel, tx?: number): Db {
  const inTx = tx !== undefined;
  const db: Db = {
    kind: 'pglite',
    async query<T>(sql: string, params?: unknown[]) {
      return (await ch.request({ op: 'query', sql, params, tx })).rows as T[];
    },
    async exec(sql) {
      return (await ch.request({ op: 'exec', sql, tx })).rows!;
    },
    async tx(fn) {
      if (inTx) return fn(db);
      const id = (await ch.request({ op: 'begin' })).tx!;
      let out;
      try {
        out = await fn(remoteDb(ch, id));
      } catch (e) {
        await ch.request({ op: 'rollback', tx: id }).catch(() => {});
        throw e;
      }
      await ch.request({ op: 'commit', tx: id });
      return out;
    },
    async copyBinaryIn(table, columns, bytes) {
      await ch.request({ op: 'copyIn', sql: copyInSql(table, columns), bytes, tx });
    },
    async close() {
      if (!inTx) await ch.close();
    },
  };
  if (!inTx) {
    db.copyBinaryOut = async (select) => {
      const bytes = (await ch.request({ op: 'copyOut', sql: select })).bytes!;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    };
  }
  return db;
}

async function threadChannel(opts: { dataDir: string | null; socketPath?: string; loadDataDir?: Uint8Array; onClose?: () => void }): Promise<Channel> {
  const worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), {
    workerData: { dataDir: opts.dataDir, socketPath: opts.socketPath ?? null, loadDataDir: opts.loadDataDir ?? null },
  });
  const calls = pending(
    () => worker.ref(),
    () => worker.unref(),
  );
  await new Promise<void>((resolve, reject) => {
    worker.once('message', (m: { shareError: string | null }) => {
      if (m.shareError) console.warn(m.shareError);
      resolve();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the embedded database's thread stopped (${code})`)));
  });
  worker.unref();
  worker.on('message', (r: Reply) => calls.settle(r));
  worker.on('error', (e) => calls.failAll(e));
  worker.on('exit', (code) => calls.failAll(new Error(`the embedded database's thread stopped (${code})`)));
  let closed: Promise<void> | null = null;
  return {
    request: (r) => calls.add((id) => worker.postMessage({ ...r, id })),
    close() {
      closed ??= (async () => {
        try {
          if (!calls.gone) await calls.add((id) => worker.postMessage({ op: 'close', id }));
        } finally {
          await worker.terminate();
          opts.onClose?.();
        }
      })();
      return closed;
    },
  };
}

async function socketChannel(path: string): Promise<Channel> {
  const socket: Socket = await new Promise((resolve, reject) => {
    const s = connect(path, () => resolve(s));
    s.once('error', reject);
  });
  let closing = false;
  const calls = pending(
    () => socket.ref(),
    // a reply landing while close() waits for the socket to end (an import's heartbeat, held up by
    // its transaction) must not unref it: the process would exit mid-close
    () => closing || socket.unref(),
  );
  socket.unref();
  socket.on('data', frameReader((r: Reply) => calls.settle(r)));
  socket.on('error', () => {});
  socket.on('close', () => calls.failAll(new Error('the server holding the embedded database went away')));
  return {
    request: (r) => calls.add((id) => writeFrame(socket, { ...r, id })),
    async close() {
      // a socket the server already closed (it stopped, or was killed) has nothing left to end
      // (held referenced meanwhile: an idle socket is unref'd, and a process waiting on nothing else
      // would otherwise exit mid-close with an unsettled await)
      if (!socket.destroyed) {
        closing = true;
        socket.ref();
        await new Promise<void>((resolve) => socket.once('close', () => resolve()).end());
      }
      socket.destroy();
    },
  };
}

/** Another process has the embedded database open and does not share it. */
export class DataDirInUseError extends Error {}

/**
 * Opens the embedded database in dataDir (null: in memory) in a worker thread. `serve`: also answer
 * other processes on a unix socket in dataDir (the server does; CLI commands do not). When another
 * process holds dataDir and serves it, the Db returned talks to that process's database instead.
 */
export async function openPgliteThread(dataDir: string | null, opts: { serve?: boolean; loadDataDir?: Uint8Array } = {}): Promise<Db> {
  if (dataDir === null) return remoteDb(await threadChannel({ dataDir: null, loadDataDir: opts.loadDataDir }));
  const socketPath = join(dataDir, SOCKET_FILE);
  const lock = lockDataDir(dataDir);
  if ('holder' in lock) {
    try {
      return remoteDb(await socketChannel(socketPath));
    } catch {
      throw new DataDirInUseError(
        `the embedded database in ${dataDir} is in use (is the server running?); stop it first: process ${lock.holder} has it open ` +
          'and does not share it (a server started by npm start lets commands use its database while it runs)',
      );
    }
  }
  const release = lock.release;
  try {
    return remoteDb(await threadChannel({ dataDir, socketPath: opts.serve ? socketPath : undefined, onClose: release }));
  } catch (e) {
    release();
    throw e;
  }
}
