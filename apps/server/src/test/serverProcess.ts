import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

const root = new URL('../../../../', import.meta.url).pathname;

/** A pino log line of the server. */
export interface LogLine {
  msg?: string;
  err?: { message?: string };
  [field: string]: unknown;
}

export interface ServerProcess {
  url: string;
  pid: number;
  proc: ChildProcess;
  /** Parsed JSON log lines so far. */
  logs: LogLine[];
  exited: Promise<number | null>;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Starts apps/server/src/main.ts as `npm start` does, on a free port, and resolves once it
 *  listens, its market cache is loaded and its jobs run (the "jobs:" log line). */
export async function startServerProcess(env: Record<string, string>, opts: { startMs?: number } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, ['--max-semi-space-size=8', '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SITE_URL: url, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  let stderr = '';
  let buf = '';
  proc.stdout!.on('data', (d) => {
    buf += d;
    let nl;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      try {
        logs.push(JSON.parse(line));
      } catch {
        // not a log line
      }
    }
  });
  proc.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + (opts.startMs ?? 120_000);
  while (!logs.some((l) => String(l.msg).startsWith('jobs: '))) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}: ${stderr}\n${logs.map((l) => l.msg + (l.err ? `: ${l.err.message}` : '')).join('\n')}`);
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`server did not start in time: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: proc.pid!,
    proc,
    logs,
    exited,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      return exited;
    },
  };
}
