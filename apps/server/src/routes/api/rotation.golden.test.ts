import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RotationRun } from '@app/contract';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { finishedRun, quietLog } from '../../test/waitFor.ts';
import { startBatchWorkers, type BatchWorkers } from '../../jobs/batch.ts';
import { runImport } from '../../market/importer/runImport.ts';
import { csvProvider } from '../../market/providers/csvFiles.ts';
import { upsertSymbols } from '../../market/repository.ts';
import { sameValue } from '../../test/backtestMarket.ts';

// Every reference rotation in ../shared/goldens/rotation through the API: the case's CSVs imported
// into a market as the importer writes them, the spec posted as a rotation run over those symbols,
// and its orders and daily equity checked against the reference as the engine's own golden test does.
const root = fileURLToPath(new URL('../../../../../../shared/goldens/rotation/', import.meta.url));
const cases = existsSync(root) ? readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort() : [];

interface Expected {
  orders: { date: string; symbol: string; side: string; shares: number; price: number }[];
  time: string[];
  equity: number[];
  final_equity: number;
}

describe.skipIf(!cases.length).each(dbKinds)('reference rotations through the API on %s', (kind) => {
  for (const name of cases) {
    describe(name, () => {
      let t: TestApp;
      let workers: BatchWorkers;
      let headers: Record<string, string>;
      let run: RotationRun;
      const spec = JSON.parse(readFileSync(`${root}${name}/spec.json`, 'utf8'));
      const expected = JSON.parse(readFileSync(`${root}${name}/expected.json`, 'utf8')) as Expected;

      beforeAll(async () => {
        t = await testApp(kind);
        workers = await startBatchWorkers(t.deps, { concurrency: 1, leaseSeconds: 5, staleSeconds: 600, log: quietLog });
        // the importer takes bars only for listed symbols: each file's symbol is listed first
        const files = readdirSync(`${root}${name}/data/`).filter((f) => f.endsWith('.csv'));
        await upsertSymbols(t.deps.db, files.map((f) => ({ symbol: f.slice(0, -4), name: f.slice(0, -4), market: 'NYSE', instr_type: 'EQUITY', sector: null, industry: null, market_cap: null })));
        const report = await runImport(t.deps.db, [csvProvider([`${root}${name}/data/`])], { command: 'import', sources: 'test' });
        expect(report.summary().barsWritten, report.format()).toBeGreaterThan(0);
        await t.deps.series.load(t.deps.db);
        headers = (await signedInAs(t, 'rotation@example.com')).headers;
        // a member file with its header alone is a listing without bars: the market does not hold it
        const symbols = t.deps.series.all().filter((e) => e.bars.close.length).map((e) => e.info.symbol);
        const r = await t.app.inject({ method: 'POST', url: '/api/rotation_runs/', headers, payload: { ...spec, universe: { kind: 'symbols', symbols } } });
        expect(r.statusCode, r.body).toBe(202);
        const id = r.json<RotationRun>().id;
        run = await finishedRun(`rotation ${id}`, async () => (await t.app.inject({ method: 'GET', url: `/api/rotation_runs/${id}/`, headers })).json<RotationRun>(), 120_000);
      }, 240_000);
      afterAll(async () => {
        await workers?.stop(1000);
        await t?.close();
      });

      it('places the same orders', () => {
        expect(run.status, run.error ?? '').toBe('done');
        const got = run.result!.orders;
        const diffs: string[] = [];
        for (let i = 0; i < Math.max(got.length, expected.orders.length) && diffs.length < 5; i++) {
          const a = got[i];
          const e = expected.orders[i];
          if (!(a && e && a.date === e.date && a.symbol === e.symbol && a.side === e.side && a.shares === e.shares && sameValue(a.price, e.price))) {
            diffs.push(`order ${i}: ours ${JSON.stringify(a)}, expected ${JSON.stringify(e)}`);
          }
        }
        expect(diffs).toEqual([]);
      });

      it('marks the same equity on the same dates', () => {
        const r = run.result!;
        expect(r.time).toEqual(expected.time);
        const bad = expected.equity.flatMap((e, i) => (sameValue(r.equity[i], e) ? [] : [`${expected.time[i]}: ours ${r.equity[i]}, expected ${e}`]));
        expect(bad.slice(0, 5)).toEqual([]);
        expect(sameValue(r.stats.final_equity, expected.final_equity)).toBe(true);
      });
    });
  }
});
