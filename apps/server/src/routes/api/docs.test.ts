import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { ALL_ENDPOINTS, routerPath } from '@app/contract';
import { testApp, type TestApp } from '../../test/testApp.ts';
import { DOCS_PREFIX } from './docs.ts';

/** Every method and path the app serves, from Fastify's own route listing (HEAD is implied by GET). */
function registeredRoutes(t: TestApp): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.+) \(([A-Z, ]+)\)$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack.push(m[2]);
    const path = stack.join('');
    for (const method of m[3].split(', ')) if (method !== 'HEAD') out.push(`${method} ${path}`);
  }
  return out;
}

describe('the OpenAPI document (GET /api/openapi.json) and the docs (/api/docs)', () => {
  let t: TestApp;
  let doc: { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
  beforeAll(async () => {
    t = await testApp('pglite');
    const r = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(r.statusCode).toBe(200);
    doc = r.json();
  });
  afterAll(() => t?.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    // The validator resolves $refs in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('describes every route the server registers, and no route it does not', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${routerPath(path)}`));
    // the docs' own pages (Swagger UI and its files) are the renderer, not the API
    const served = registeredRoutes(t).filter((r) => !r.split(' ')[1].startsWith(DOCS_PREFIX));
    expect(served.length).toBeGreaterThan(30);
    expect(new Set(documented)).toEqual(new Set(served));
    expect(documented).toHaveLength(ALL_ENDPOINTS.length);
  });

  it('documents the success answer, bad input and sign-in of each operation', () => {
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p));
    for (const e of ALL_ENDPOINTS) {
      const op = doc.paths[e.path]?.[e.method.toLowerCase()];
      expect(op, `${e.method} ${e.path}`).toBeDefined();
      expect(Object.keys(op.responses)).toContain(String(e.status));
      if (e.auth === 'user') expect(Object.keys(op.responses)).toContain('401');
      if (e.body || e.query) expect(Object.keys(op.responses)).toContain('400');
    }
    expect(ops).toHaveLength(ALL_ENDPOINTS.length);
  });

  it('serves the interactive docs with a policy that lets them run, only there', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger-ui');
    const spec = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` });
    expect(spec.json().paths).toEqual(doc.paths);
    const api = await t.app.inject({ method: 'GET', url: '/api/meta/' });
    expect(api.headers['content-security-policy']).not.toEqual(page.headers['content-security-policy']);
  });
});
