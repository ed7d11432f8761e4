// A 400-cell RSI grid through the API of a warm server (in this process, as the server tests build
// it): the run's own duration, created → finished as GET /api/optimizations/{id}/ reports it.
// Polled every few milliseconds so that the polling adds little to the wall time (the run's
// figure is the database's own timestamps either way).
import type { Optimization, TemplateDetail } from '@app/contract';
import { replaceBars, signedInAs, startBatchWorkers, testApp, upsertSymbols } from '@app/server/testing';
import { syntheticBars } from './data.ts';

const quiet = { info() {}, warn() {}, error() {} };
const range = (n: number, from: number, step = 1) => Array.from({ length: n }, (_, i) => from + i * step);

/** The run durations (ms) of `runs` grids after `warm` untimed ones, on the embedded database. */
export async function apiGridRunMs(runs: number, warm = 3): Promise<number[]> {
  const t = await testApp('pglite');
  const workers = await startBatchWorkers(t.deps, { concurrency: 2, leaseSeconds: 30, staleSeconds: 600, log: quiet });
  try {
    const who = await signedInAs(t, 'bench@example.com');
    const call = <T>(method: 'GET' | 'POST', url: string, payload?: unknown) =>
      t.app.inject({ method, url, payload: payload as never, headers: who.headers }).then((r) => {
        if (r.statusCode >= 300) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body}`);
        return r.json<T>();
      });
    await upsertSymbols(t.deps.db, [{ symbol: 'SYN', name: 'Synthetic Inc.', market: 'NASDAQ', instr_type: 'EQUITY', sector: 'Technology', industry: null, market_cap: 1e9 }]);
    await replaceBars(t.deps.db, 'SYN', syntheticBars(5_000, 7));
    await t.deps.series.load(t.deps.db);
    const template = await call<TemplateDetail>('POST', '/api/templates/', { name: 'RSI' });
    await call('POST', '/api/indicators/', { template: template.id, name: 'RSI', indicator_type: 'BUY', period: 14, compare: '<', cvalue: '30' });
    await call('POST', '/api/indicators/', { template: template.id, name: 'RSI', indicator_type: 'SELL', period: 14, compare: '>', cvalue: '70' });
    const period = await call<{ id: number }>('POST', '/api/periods/', { stock_ticker: 'SYN', start_date: '2000-01-01', end_date: '2030-12-31' });
    const grid = { maximize: 'Sharpe Ratio', params: [{ row: 0, field: 'period', values: range(20, 5) }, { row: 0, field: 'cvalue', values: range(20, 15, 1).map(String) }] };
    const out: number[] = [];
    for (let i = 0; i < warm + runs; i++) {
      const started = await call<Optimization>('POST', '/api/optimizations/', { template_id: template.id, period_id: period.id, ...grid });
      let run = started;
      while (!['done', 'failed', 'cancelled'].includes(run.status)) {
        await new Promise((r) => setTimeout(r, 5));
        run = await call<Optimization>('GET', `/api/optimizations/${started.id}/`);
      }
      if (run.status !== 'done') throw new Error(`run ${run.id} ${run.status}: ${run.error}`);
      if (run.request.cells !== 400) throw new Error(`expected 400 cells, got ${run.request.cells}`);
      if (i >= warm) out.push(Date.parse(run.finished_at!) - Date.parse(run.created_at));
    }
    return out;
  } finally {
    await workers.stop(1000);
    await t.close();
  }
}
