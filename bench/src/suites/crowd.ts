// Many accounts together cannot slow down everyone: five accounts each use all the heavy work they are
// allowed — waves of parallel backtest charts (past HEAVY_PER_USER they answer 429) and universe runs
// started again as soon as their per-user limit (and the site's RUNS_QUEUED_MAX) allows — while a sixth
// user's light request (GET /api/check_symbol/) is timed, alone and under the crowd. A real HTTP server
// with two batch workers in the process, as a default start on this 2-core machine runs; on PGlite, and
// on PostgreSQL too when DATABASE_URL is set. Each account's requests come from its own thread
// (bench/src/crowdClient.mjs); the light requests from the server's own event loop: conservative.
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { TemplateDetail } from '@app/contract';
import { dbKinds, replaceBars, signedInAs, startBatchWorkers, testApp, upsertSymbols } from '@app/server/testing';
import { syntheticBars } from '../data.ts';
import type { BenchResult, BenchSuite } from '../report.ts';

const ACCOUNTS = 5;
const SYMBOLS = 40;
const BARS = 2_600; // about ten years of weekdays
const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length * 0.95)];
const quiet = { info() {}, warn() {}, error() {} };

async function suiteFor(kind: 'pglite' | 'postgres'): Promise<BenchResult[]> {
  const t = await testApp(kind);
  const workers = await startBatchWorkers(t.deps, { concurrency: 2, leaseSeconds: 30, staleSeconds: 600, log: quiet });
  const threads: Worker[] = [];
  try {
    const symbols = Array.from({ length: SYMBOLS }, (_, i) => `C${i}`);
    await upsertSymbols(t.deps.db, symbols.map((symbol) => ({ symbol, name: `Crowd ${symbol}`, market: 'NYSE', instr_type: 'EQUITY', sector: 'Industrials', industry: null, market_cap: 1e9 })));
    for (let i = 0; i < SYMBOLS; i++) await replaceBars(t.deps.db, symbols[i], syntheticBars(BARS, 300 + i));
    await t.deps.series.load(t.deps.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const send = async (headers: Record<string, string>, path: string, method = 'GET', body?: object) =>
      fetch(base + path, { method, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body && JSON.stringify(body) });

    const crowd = [];
    for (let a = 0; a < ACCOUNTS; a++) {
      const headers = (await signedInAs(t, `crowd${a}@example.com`)).headers;
      const tpl = (await (await send(headers, '/api/templates/', 'POST', { name: 'Crowd' })).json()) as TemplateDetail;
      await (await send(headers, '/api/indicators/', 'POST', { template: tpl.id, name: 'RSI', indicator_type: 'BUY', period: 14, compare: '<', cvalue: '30' })).arrayBuffer();
      await (await send(headers, '/api/indicators/', 'POST', { template: tpl.id, name: 'RSI', indicator_type: 'SELL', period: 14, compare: '>', cvalue: '70' })).arrayBuffer();
      await (await send(headers, '/api/indicators/', 'POST', { template: tpl.id, name: 'SMA', indicator_type: 'BUY', period: 50, compare: '>' })).arrayBuffer();
      const period = (await (await send(headers, '/api/periods/', 'POST', { stock_ticker: 'C0', start_date: '2000-01-01', end_date: '2010-12-31' })).json()) as { id: number };
      const runBody = { template_id: tpl.id, universe: { kind: 'symbols', symbols }, start_date: '2000-01-01', end_date: '2010-12-31' };
      crowd.push({ headers, chartPath: `/api/backtest_chart/?period_id=${period.id}&template_id=${tpl.id}`, runBody });
    }
    const lightUser = (await signedInAs(t, 'bystander@example.com')).headers;
    const lightRun = async (n: number) => {
      const ms: number[] = [];
      for (let i = 0; i < n; i++) {
        const s = performance.now();
        await (await send(lightUser, '/api/check_symbol/?symbol=C0')).arrayBuffer();
        ms.push(performance.now() - s);
        await new Promise((r) => setTimeout(r, 5));
      }
      return ms;
    };
    await lightRun(20);
    const alone = p95(await lightRun(200));

    const rssBefore = process.memoryUsage().rss;
    for (const c of crowd) {
      threads.push(new Worker(new URL('../crowdClient.mjs', import.meta.url), { workerData: { base, ...c, parallel: t.deps.config.heavyPerUser + 1 } }));
    }
    const reports = threads.map((w) => new Promise<Record<string, number>>((resolve) => w.once('message', resolve)));
    await new Promise((r) => setTimeout(r, 1000));
    let rssPeak = process.memoryUsage().rss;
    const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 200);
    const underCrowd = p95(await lightRun(300));
    clearInterval(rssTimer);
    for (const w of threads) w.postMessage('stop');
    const totals: Record<string, number> = {};
    for (const r of await Promise.all(reports)) for (const [k, n] of Object.entries(r)) totals[k] = (totals[k] ?? 0) + n;
    const [{ runs }] = await t.deps.db.query<{ runs: number }>(`SELECT count(*)::int AS runs FROM batch_runs WHERE status = 'done'`);
    const answered = Object.entries(totals).sort().map(([s, n]) => `${n}× ${s}`).join(', ');
    const results: BenchResult[] = [
      { name: "a bystander's GET /api/check_symbol/ p95, alone", value: alone, unit: 'ms' },
      {
        name: `the same p95 while ${ACCOUNTS} accounts each run their allowed heavy work (${answered}; ${runs} universe runs of ${SYMBOLS} symbols done)`,
        value: underCrowd, unit: 'ms', budget: { limit: 150, better: 'lower' }, baseline: { name: 'alone', value: alone },
      },
      { name: 'server process RSS, peak under the crowd', value: rssPeak / 1024 / 1024, unit: 'MB', baseline: { name: 'before', value: rssBefore / 1024 / 1024 } },
    ];
    return results.map((r) => ({ ...r, name: `${kind}: ${r.name}` }));
  } finally {
    for (const w of threads) await w.terminate();
    await workers.stop(1000);
    await t.close();
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
