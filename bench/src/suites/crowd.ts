// Many accounts from one address cannot slow down everyone: five accounts, all from one client
// address, each use all the heavy work they are allowed — waves of the heaviest charts (every row a
// series, over the whole history; past the account's and the address's share they answer 429),
// whole-market universe runs and large optimisation grids started again as soon as the account's,
// the address's and the site's limits allow — while a user from another address makes light requests
// (the session check, the templates list, a scan, a symbol check), timed alone and under the crowd.
//
// The server is a process of its own started as `npm start` starts it (two batch workers and two
// engine threads on a 2-core machine, the demo market seeded on its first start): on the embedded
// database in a fresh data directory (the default), and on PostgreSQL too when DATABASE_URL is set.
// Its RSS is that process's own, read from /proc. It trusts X-Forwarded-For from the loopback
// (TRUST_PROXY=127.0.0.1), so the addresses are the ones the rate limits see behind a proxy. Each
// account's requests come from a thread of this process (bench/src/crowdClient.mjs); the
// bystander's from this process's event loop, one at a time.
//
// CROWD_SYMBOLS (default 1600, the demo market's size) and CROWD_SECONDS (default 30, how long the
// light requests are timed under the crowd) shorten a run that only checks the suite works.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { USER_LIMITS, type TemplateDetail } from '@app/contract';
import { dbKinds, emptyPostgres, startServerProcess, type ServerProcess } from '@app/server/testing';
import type { BenchResult, BenchSuite } from '../report.ts';

const ACCOUNTS = 5;
const SYMBOLS = Number(process.env.CROWD_SYMBOLS || 1600);
const SECONDS = Number(process.env.CROWD_SECONDS || 30);
const CROWD_ADDRESS = '203.0.113.7';
const BYSTANDER_ADDRESS = '198.51.100.20';
const PASSWORD = 'crowd-bench-Pa55word';
/** The budget (ARCHITECTURE.md): a light request's p95 under the crowd, at most, and at most this
 *  many times the same requests' p95 alone; the server's RSS at most RSS_BUDGET_MB. */
const LIGHT_P95_BUDGET_MS = 150;
const SLOWDOWN_BUDGET = 10;
const RSS_BUDGET_MB = 1536;
/** The server's default share of heavy requests per account (HEAVY_PER_USER): each wave asks one more. */
const HEAVY_PER_USER = 2;
const START = '1980-01-01';
const END = '2030-12-31';

const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length * 0.95)];

/** The light requests, timed in turn. */
const LIGHT = [
  { name: 'session check', path: '/dj-rest-auth/user/' },
  { name: 'templates list', path: '/api/templates/' },
  { name: 'scan', path: '/api/scanner/stocks/' },
  { name: 'symbol check', path: '/api/check_symbol/?symbol={symbol}' },
];

/** The server process's resident memory (MB), threads included. */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return kb ? Number(kb[1]) / 1024 : NaN;
}

type Headers = Record<string, string>;

async function suiteFor(kind: 'pglite' | 'postgres'): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'crowd-'));
  const pg = kind === 'postgres' ? await emptyPostgres() : null;
  let server: ServerProcess | null = null;
  const threads: Worker[] = [];
  try {
    const env = {
      DATABASE_URL: pg?.url ?? '', DATA_DIR: dataDir, DEMO_SYMBOLS: String(SYMBOLS), MARKET_PROVIDERS: '',
      TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'info', WORKERS: '2', ENGINE_THREADS: '2', ...(process.env.CROWD_SERVER_NODE_OPTIONS && { NODE_OPTIONS: process.env.CROWD_SERVER_NODE_OPTIONS }),
    };
    // The first start generates and stores the demo market (a one-time bulk load whose memory the
    // embedded database keeps until the process ends); the server is measured as it runs from then
    // on: started again on the stored market.
    const firstStart = await startServerProcess(env, { startMs: 600_000 });
    const firstStartRss = rssMb(firstStart.pid);
    await firstStart.stop();
    server = await startServerProcess(env, { startMs: 600_000 });
    const base = server.url;
    const send = async (headers: Headers, path: string, method = 'GET', body?: object) =>
      fetch(base + path, {
        method,
        headers: { origin: base, ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body && JSON.stringify(body),
      });
    let signUps = 0;
    /** A new account's cookies, signed up from an address of its own (sign-ups per address are limited). */
    const account = async (email: string): Promise<Headers> => {
      const from = { 'x-forwarded-for': `198.18.0.${++signUps}` };
      const r = await send(from, '/dj-rest-auth/registration/', 'POST', { username: email, email, password1: PASSWORD, password2: PASSWORD });
      if (r.status !== 201) throw new Error(`sign-up of ${email}: ${r.status} ${await r.text()}`);
      const login = await send(from, '/dj-rest-auth/login/', 'POST', { email, password: PASSWORD });
      if (!login.ok) throw new Error(`login of ${email}: ${login.status} ${await login.text()}`);
      await login.arrayBuffer();
      const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      return { cookie, origin: base };
    };
    const bystander = { ...(await account('bystander@example.com')), 'x-forwarded-for': BYSTANDER_ADDRESS };
    const scan = (await (await send(bystander, '/api/scanner/stocks/')).json()) as { results: { symbol: string }[] };
    const { symbol } = scan.results[0];

    const crowd = [];
    for (let a = 0; a < ACCOUNTS; a++) {
      const headers = { ...(await account(`crowd${a}@example.com`)), 'x-forwarded-for': CROWD_ADDRESS };
      const tpl = (await (await send(headers, '/api/templates/', 'POST', { name: 'Crowd' })).json()) as TemplateDetail;
      // the heaviest chart: as many rows as a template may have, each a series of its own
      for (let k = 0; k < USER_LIMITS.indicatorsPerTemplate; k++) {
        const row = k % 2 === 0
          ? { name: 'RSI', indicator_type: k % 4 === 0 ? 'BUY' : 'SELL', period: 2 + k, compare: k % 4 === 0 ? '<' : '>', cvalue: k % 4 === 0 ? '30' : '70' }
          : { name: 'SMA', indicator_type: 'SELL', period: 5 + k, compare: '>' };
        const r = await send(headers, '/api/indicators/', 'POST', { template: tpl.id, ...row });
        if (r.status !== 201) throw new Error(`row ${k}: ${r.status} ${await r.text()}`);
      }
      const period = (await (await send(headers, '/api/periods/', 'POST', { stock_ticker: symbol, start_date: START, end_date: END })).json()) as { id: number };
      const runBody = { template_id: tpl.id, universe: { kind: 'all' }, start_date: START, end_date: END };
      // 3,600 cells on row 0 (an RSI BUY row): its period and its compare value
      const gridBody = {
        template_id: tpl.id, period_id: period.id, maximize: 'Sharpe Ratio',
        params: [{ row: 0, field: 'period', values: Array.from({ length: 60 }, (_, i) => i + 2) }, { row: 0, field: 'cvalue', values: Array.from({ length: 60 }, (_, i) => String(i + 10)) }],
      };
      crowd.push({ headers, chartPath: `/api/backtest_chart/?period_id=${period.id}&template_id=${tpl.id}`, runBody, gridBody });
    }
    const timed = new Map<string, number[]>(LIGHT.map((l) => [l.name, []]));
    const statuses = new Map<number, number>();
    /** Light requests in turn, one at a time, for `n` requests or until `until` (performance.now()). */
    const lightRun = async (opts: { n?: number; until?: number }) => {
      const all: number[] = [];
      for (let i = 0; opts.n === undefined ? performance.now() < opts.until! : i < opts.n; i++) {
        const l = LIGHT[i % LIGHT.length];
        const s = performance.now();
        const r = await send(bystander, l.path.replace('{symbol}', symbol));
        await r.arrayBuffer();
        const ms = performance.now() - s;
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        all.push(ms);
        timed.get(l.name)!.push(ms);
        await new Promise((r) => setTimeout(r, 5));
      }
      return all;
    };
    await lightRun({ n: 20 });
    for (const v of timed.values()) v.length = 0;
    const alone = p95(await lightRun({ n: 200 }));
    const aloneByKind = new Map([...timed].map(([k, v]) => [k, p95(v)]));
    for (const v of timed.values()) v.length = 0;
    statuses.clear();

    const rssBefore = rssMb(server.pid);
    for (const c of crowd) {
      threads.push(new Worker(new URL('../crowdClient.mjs', import.meta.url), { workerData: { base, ...c, parallel: HEAVY_PER_USER + 1 } }));
    }
    const reports = threads.map((w) => new Promise<Record<string, number>>((resolve) => w.once('message', resolve)));
    await new Promise((r) => setTimeout(r, 2000)); // the crowd under way
    let rssPeak = rssMb(server.pid);
    const pid = server.pid;
    const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(pid))), 200);
    const underCrowd = p95(await lightRun({ until: performance.now() + SECONDS * 1000 }));
    clearInterval(rssTimer);
    for (const w of threads) w.postMessage('stop');
    const totals: Record<string, number> = {};
    for (const r of await Promise.all(reports)) for (const [k, n] of Object.entries(r)) totals[k] = (totals[k] ?? 0) + n;
    const answered = Object.entries(totals).sort().map(([s, n]) => `${n}× ${s}`).join(', ');
    const lightStatuses = [...statuses].sort().map(([s, n]) => `${n}× ${s}`).join(', ');
    const results: BenchResult[] = [
      { name: `a bystander's light requests p95, alone (${LIGHT.map((l) => l.name).join(', ')})`, value: alone, unit: 'ms' },
      {
        name: `the same p95 while ${ACCOUNTS} accounts of one address run their allowed heavy work (${answered}; light answers: ${lightStatuses})`,
        value: underCrowd, unit: 'ms', budget: { limit: LIGHT_P95_BUDGET_MS, better: 'lower' }, baseline: { name: 'alone', value: alone },
      },
      { name: 'slowdown of the light p95 under the crowd (× alone)', value: underCrowd / alone, unit: '×', budget: { limit: SLOWDOWN_BUDGET, better: 'lower' } },
      ...LIGHT.map((l): BenchResult => ({ name: `  ${l.name} p95 under the crowd`, value: p95(timed.get(l.name)!), unit: 'ms', baseline: { name: 'alone', value: aloneByKind.get(l.name)! } })),
      { name: 'server process RSS right after its first start (the demo market just generated and stored), for reference', value: firstStartRss, unit: 'MB' },
      {
        name: 'server process RSS, peak under the crowd', value: rssPeak, unit: 'MB',
        budget: { limit: RSS_BUDGET_MB, better: 'lower' }, baseline: { name: 'before', value: rssBefore },
      },
    ];
    return results.map((r) => ({ ...r, name: `${kind === 'pglite' ? 'embedded' : 'postgres'}: ${r.name}` }));
  } finally {
    for (const w of threads) await w.terminate();
    await server?.stop();
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export default {
  name: 'crowd',
  async run() {
    const out: BenchResult[] = [];
    for (const kind of dbKinds) out.push(...(await suiteFor(kind)));
    return out;
  },
} satisfies BenchSuite;
