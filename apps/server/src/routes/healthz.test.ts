import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, testApp, type TestApp } from '../test/testApp.ts';

describe.each(dbKinds)('GET /healthz on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(kind);
  });
  afterAll(() => t.close());

  it('answers ok with the database kind', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 'ok', database: kind });
  });

  it('answers unknown API paths with a DRF 404', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/does-not-exist/' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ detail: 'Not found.' });
  });
});
