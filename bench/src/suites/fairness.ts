// One user cannot slow down everyone: another user's light request (GET /api/check_symbol/)
// alone and while one user keeps sending 10 parallel heavy chart requests (GET /api/backtest_chart/ for
// the largest template the API allows, 20 rows, over 30+ years of daily bars), on a real HTTP server
// on the embedded database; the size of that largest chart answer; and what sending a period's bars to
// an engine thread costs beside the chart's own work (docs/benchmarks.md, "Heavy requests and fair
// share": sending the bars to the thread).
// On PGlite, and on PostgreSQL too when DATABASE_URL is set.
// The heavy user's requests come from another thread (bench/src/heavyClient.mjs); the light requests are
// sent from the server's own event loop, so their figures include the client's work: conservative.
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { USER_LIMITS, type TemplateDetail } from '@app/contract';
import { dbKinds, EnginePool, replaceBars, signedInAs, testApp, upsertSymbols } from '@app/server/testing';
import { syntheticBars } from '../data.ts';
import { medianMs, type BenchResult, type BenchSuite } from '../report.ts';

const BARS = 8_200; // weekdays from 2000-01-03: 31 years
const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length * 0.95)];

/** The figures on one database: PGlite runs its queries on the server's event loop, PostgreSQL does not. */
async function suiteFor(kind: 'pglite' | 'postgres'): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const t = await testApp(kind);
  try {
    const bars = syntheticBars(BARS, 2020);
    await upsertSymbols(t.deps.db, [{ symbol: 'LONG', name: 'Long History Inc.', market: 'NYSE', instr_type: 'EQUITY', sector: 'Industrials', industry: null, market_cap: 1e10 }]);
    await replaceBars(t.deps.db, 'LONG', bars);
    await t.deps.series.load(t.deps.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const heavyUser = (await signedInAs(t, 'heavy@example.com')).headers;
    const lightUser = (await signedInAs(t, 'light@example.com')).headers;
    const send = (headers: Record<string, string>, path: string, method = 'GET', body?: object) =>
      fetch(base + path, { method, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body && JSON.stringify(body) });

    // the largest template the API allows: every row its own series, so the chart draws them all
    const tpl = (await (await send(heavyUser, '/api/templates/', 'POST', { name: 'Largest' })).json()) as TemplateDetail;
    for (let k = 0; k < USER_LIMITS.indicatorsPerTemplate; k++) {
      const kind = ['RSI', 'SMA', 'EMA'][k % 3];
      const row = kind === 'RSI' ? { name: 'RSI', indicator_type: k % 2 ? 'SELL' : 'BUY', period: 2 + k, compare: k % 2 ? '>' : '<', cvalue: k % 2 ? '70' : '30' } : { name: kind, indicator_type: k % 2 ? 'SELL' : 'BUY', period: 5 + k, compare: k % 2 ? '>' : '<' };
      await (await send(heavyUser, '/api/indicators/', 'POST', { template: tpl.id, ...row })).arrayBuffer();
    }
    const period = (await (await send(heavyUser, '/api/periods/', 'POST', { stock_ticker: 'LONG', start_date: '2000-01-01', end_date: '2031-12-31' })).json()) as { id: number };
    const chartPath = `/api/backtest_chart/?period_id=${period.id}&template_id=${tpl.id}`;

    const chart = await send(heavyUser, chartPath);
    const size = (await chart.arrayBuffer()).byteLength;
    if (chart.status !== 200) throw new Error(`chart answered ${chart.status}`);
    results.push({ name: `largest allowed chart answer (${USER_LIMITS.indicatorsPerTemplate} rows, ${BARS} daily bars)`, value: size / 1024 / 1024, unit: 'MB', budget: { limit: 5, better: 'lower' } });
    const chartMs = await medianMs(async () => (await send(heavyUser, chartPath)).arrayBuffer(), 5, 1);

    const light = async () => {
      const s = performance.now();
      await (await send(lightUser, '/api/check_symbol/?symbol=LONG')).arrayBuffer();
      return performance.now() - s;
    };
    const lightRun = async (n: number) => {
      const ms: number[] = [];
      for (let i = 0; i < n; i++) {
        ms.push(await light());
        await new Promise((r) => setTimeout(r, 5));
      }
      return ms;
    };
    for (let i = 0; i < 20; i++) await light();
    const loopAlone = monitorEventLoopDelay({ resolution: 5 });
    loopAlone.enable();
    let elu = performance.eventLoopUtilization();
    const alone = p95(await lightRun(200));
    const eluAlone = performance.eventLoopUtilization(elu).utilization;
    loopAlone.disable();

    // one user: waves of 10 parallel chart requests, back to back, from another thread, while the
    // other user's light requests are timed; answers past the user's fair share come back 429 at once
    const heavy = new Worker(new URL('../heavyClient.mjs', import.meta.url), { workerData: { url: base + chartPath, headers: heavyUser, parallel: 10 } });
    const done = new Promise<Record<number, number>>((resolve) => heavy.once('message', resolve));
    await new Promise((r) => setTimeout(r, 300));
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    elu = performance.eventLoopUtilization();
    const underLoad = p95(await lightRun(200));
    const eluLoaded = performance.eventLoopUtilization(elu).utilization;
    loop.disable();
    heavy.postMessage('stop');
    const statuses = await done;
    await heavy.terminate();
    const answered = Object.entries(statuses).map(([s, n]) => `${n}× ${s}`).join(', ');
    results.push({ name: "another user's GET /api/check_symbol/ p95, alone", value: alone, unit: 'ms' });
    results.push({
      name: `the same p95 while one user sends 10 parallel heavy charts (${answered}; one chart alone ${chartMs.toFixed(0)} ms)`,
      value: underLoad, unit: 'ms', budget: { limit: 100, better: 'lower' }, baseline: { name: 'alone', value: alone },
    });
    results.push({
      name: `the server's event loop delay meanwhile, p99 (busy ${(eluLoaded * 100).toFixed(0)} % of the time; alone ${(eluAlone * 100).toFixed(0)} %)`,
      value: loop.percentile(99) / 1e6, unit: 'ms', baseline: { name: 'alone', value: loopAlone.percentile(99) / 1e6 },
    });

    // bar cache or transfer: what sending 31 years of bars to a thread costs beside the chart's work
    const detail = (await (await send(heavyUser, `/api/templates/${tpl.id}/`)).json()) as TemplateDetail;
    const pool = new EnginePool({ threads: 1 });
    try {
      const head = { symbol: 'LONG', name: 'Long History Inc.', start_date: '2000-01-01', end_date: '2031-12-31' };
      const task = await medianMs(() => pool.run('backtestChart', { head, bars, template: detail }), 9, 2);
      const clone = await medianMs(() => structuredClone(bars), 50, 5);
      results.push({ name: `chart task on an engine thread, ${BARS} bars sent with it`, value: task, unit: 'ms' });
      results.push({ name: `of which sending the bars (structured clone, what a per-thread bar cache would save)`, value: clone, unit: 'ms', baseline: { name: 'the whole task', value: task } });
    } finally {
      await pool.close();
    }
  } finally {
    await t.close();
  }
  return results.map((r) => ({ ...r, name: `${kind}: ${r.name}` }));
}

export default {
  name: 'fairness',
  async run() {
    const out: BenchResult[] = [];
    for (const kind of dbKinds) out.push(...(await suiteFor(kind)));
    return out;
  },
} satisfies BenchSuite;
