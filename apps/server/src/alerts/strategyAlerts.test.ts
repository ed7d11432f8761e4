import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, signedInAs, testApp, type TestApp } from '../test/testApp.ts';
import { closesMarket, flatThen } from '../test/alertMarket.ts';
import { runAlertFollowUp } from './jobs.ts';

type Headers = Record<string, string>;
const quiet = { info() {}, warn() {}, error() {} } as never;

// Template alerts on the strategy language's rules: they fire on the bar where the rule holds as the
// backtest decides it (a crossing on the last bar, OR groups, a short template's SHORT side).
describe.each(dbKinds)('template alerts with strategy rules on %s', (kind) => {
  let t: TestApp;
  let alice: { id: number; headers: Headers };
  let importId = 500;
  beforeAll(async () => {
    t = await testApp(kind);
    alice = await signedInAs(t, 'alice-strategy@example.com');
  });
  afterAll(() => t.close());

  const created = async (url: string, body: unknown) => {
    const r = await t.app.inject({ method: 'POST', url, headers: alice.headers, payload: body as never });
    expect(r.statusCode, r.body).toBe(201);
    return r.json();
  };
  const update = (closes: Record<string, number[]>) => {
    t.deps.series.setEntries(closesMarket(closes));
    return runAlertFollowUp(t.deps, ++importId, { log: quiet });
  };
  const fired = (o: Awaited<ReturnType<typeof update>>, id: number) => o.firings.filter((f) => f.alertId === id).map((f) => f.symbol).sort();

  it('fires a crossover on the bar it crosses, and a short template\'s SHORT side', async () => {
    t.deps.series.setEntries(closesMarket({ UPP: flatThen(10, 20), DWN: flatThen(10, 20) }));
    const list = await created('/api/watchlists/', { name: 'Pair', symbols: ['UPP', 'DWN'] });
    const cross = await created('/api/templates/', { name: 'Fast over slow' });
    await created('/api/indicators/', { template: cross.id, name: 'SMA', indicator_type: 'BUY', period: 2, compare: 'crosses_above', against: { name: 'SMA', period: 5 } });
    const crossAlert = await created('/api/alerts/', { kind: 'template', name: 'Cross', template_id: cross.id, side: 'BUY', watchlist_id: list.id });
    const short = await created('/api/templates/', { name: 'Short the drop' });
    await created('/api/indicators/', { template: short.id, name: 'ROC', indicator_type: 'SHORT', period: 1, compare: '<', cvalue: '-5' });
    await created('/api/indicators/', { template: short.id, name: 'EMA', indicator_type: 'SHORT', period: 3, compare: '>', cprice: 'HIGH', group: 1 });
    await created('/api/indicators/', { template: short.id, name: 'ROC', indicator_type: 'COVER', period: 1, compare: '>', cvalue: '5' });
    const shortAlert = await created('/api/alerts/', { kind: 'template', name: 'Short', template_id: short.id, side: 'SHORT', watchlist_id: list.id });

    // UPP: flat, then a jump that lifts SMA(2) over SMA(5) on the last bar; DWN: flat, then a 10 % drop
    const first = await update({ UPP: flatThen(10, 20, 25), DWN: flatThen(10, 20, 18) });
    expect(fired(first, crossAlert.id)).toEqual(['UPP']);
    expect(fired(first, shortAlert.id)).toEqual(['DWN']);
    const crossFired = first.firings.find((f) => f.alertId === crossAlert.id)!;
    expect(crossFired.values).toMatchObject({ 'SMA(2)': 22.5, 'SMA(5)': 21 });
    // why it fired, in the words and numbers a backtest's trade explanation uses
    expect(crossFired.message).toMatch(/^UPP: the BUY rule of template Fast over slow holds on \d{4}-\d{2}-\d{2} \(SMA\(2\) 22\.50 crossed above SMA\(5\) 21\.00\)$/);
    // the next bar: SMA(2) is still above SMA(5) but no longer crosses it; DWN holds still (no group holds)
    const next = await update({ UPP: flatThen(10, 20, 25, 25), DWN: flatThen(10, 20, 18, 18) });
    expect(fired(next, crossAlert.id)).toEqual([]);
    expect(fired(next, shortAlert.id)).toEqual([]);
  });
});
