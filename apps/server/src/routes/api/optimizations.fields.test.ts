import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDICATOR_FIELDS, OPTIMIZE_ROW_FIELDS, type Optimization, type TemplateDetail } from '@app/contract';
import { defaultOutput, INDICATOR_NAMES, isPriceLike, type IndicatorName } from '@app/quant';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { addSymbol, waveBars } from '../../test/backtestMarket.ts';
import { finishedRun, quietLog } from '../../test/waitFor.ts';
import { startBatchWorkers, type BatchWorkers } from '../../jobs/batch.ts';

// Every (indicator, grid field) pair the contract names: a grid varying a field on a row of that
// indicator (or, for `against.<field>`, on a row comparing with it) either runs and applies to a
// template, or is refused with a 400 naming the parameter when it is started; never a 500.
type Who = { headers: Record<string, string> };

/** Two values a field may take on an indicator that has it. */
const VALUES: Record<string, [number | string, number | string]> = {
  period: [5, 7], drift: [1, 2], length: [5, 7], offset: [0, 1], fast: [8, 10], slow: [21, 26], signal: [5, 9],
  stddev: [1.5, 2.5], k_smooth: [2, 4], d_period: [2, 4], cvalue: ['20', '30'],
};

describe.each(dbKinds)('every grid field on every indicator, on %s', (kind) => {
  let t: TestApp;
  let workers: BatchWorkers;
  let alice: Who;
  let periodId: number;
  const templates = new Map<IndicatorName, number>();
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => t.app.inject({ method, url, payload: payload as never, headers: alice.headers });

  beforeAll(async () => {
    t = await testApp(kind);
    workers = await startBatchWorkers(t.deps, { concurrency: 2, leaseSeconds: 5, staleSeconds: 600, log: quietLog });
    alice = await signedInAs(t, 'alice@example.com');
    await addSymbol(t, 'WAVE', waveBars('2019-01-01', 400));
    periodId = (await call('POST', '/api/periods/', { stock_ticker: 'WAVE', start_date: '2019-03-01', end_date: '2020-03-01' })).json<{ id: number }>().id;
    // per indicator: row 0 on its own, row 1 comparing with the same indicator
    for (const name of INDICATOR_NAMES) {
      const id = (await call('POST', '/api/templates/', { name: `Grid ${name}` })).json<TemplateDetail>().id;
      const plain = isPriceLike(name, defaultOutput(name)) ? { cprice: 'CLOSE' } : { cvalue: name === 'RSI' ? '30' : '0' };
      const rows = [
        { name, indicator_type: 'BUY', compare: '<', ...plain },
        { name, indicator_type: 'SELL', compare: '>', against: { name } },
      ];
      for (const row of rows) {
        const r = await call('POST', '/api/indicators/', { template: id, ...row });
        expect(r.statusCode, `${name}: ${r.body}`).toBe(201);
      }
      templates.set(name, id);
    }
  });
  afterAll(async () => {
    await workers.stop(1000);
    await t.close();
  });

  it('runs and applies, or answers 400 naming the parameter at start, as the contract says the indicator has the field', async () => {
    const outcomes = { ran: 0, refused: 0 };
    const refused = new Set<string>();
    for (const name of INDICATOR_NAMES) {
      for (const field of OPTIMIZE_ROW_FIELDS) {
        const against = field.startsWith('against.');
        const own = against ? field.slice('against.'.length) : field;
        const has = INDICATOR_FIELDS[name][own as keyof (typeof INDICATOR_FIELDS)[IndicatorName]] === true && !(against && own === 'cvalue');
        const values = VALUES[own];
        const pair = `${name} ${field}`;
        const r = await call('POST', '/api/optimizations/', {
          template_id: templates.get(name), period_id: periodId, maximize: 'Return [%]', params: [{ row: against ? 1 : 0, field, values }],
        });
        if (!has) {
          expect(r.statusCode, `${pair}: ${r.body}`).toBe(400);
          expect(r.json().params?.join(' '), pair).toContain(`params[0].field:`);
          expect(r.json().params?.join(' '), pair).toContain(`has no ${own}`);
          outcomes.refused++;
          refused.add(pair);
          continue;
        }
        expect(r.statusCode, `${pair}: ${r.body}`).toBe(202);
        const id = r.json<Optimization>().id;
        const applied = await call('POST', `/api/optimizations/${id}/apply/`, { index: 1 });
        expect(applied.statusCode, `${pair}: ${applied.body}`).toBe(201);
        const copy = applied.json<TemplateDetail>();
        const row = copy.indicators[against ? 1 : 0] as unknown as Record<string, unknown>;
        const set = against ? (row.against as Record<string, unknown>)[own] : row[own];
        expect(String(set), pair).toBe(String(values[1]));
        const run = await finishedRun(`${pair} to finish`, async () => (await call('GET', `/api/optimizations/${id}/`)).json<Optimization>(), 60_000);
        expect(run.status, `${pair}: ${run.error}`).toBe('done');
        expect((await call('DELETE', `/api/templates/${copy.id}/`)).statusCode).toBe(204);
        outcomes.ran++;
      }
    }
    expect(outcomes.ran).toBeGreaterThan(INDICATOR_NAMES.length * 2);
    for (const pair of ['RSI stddev', 'RSI fast', 'SMA slow', 'SMA signal', 'RSI k_smooth', 'SMA d_period', 'RSI against.stddev']) expect(refused).toContain(pair);
  }, 600_000);
});
