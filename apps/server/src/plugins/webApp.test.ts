import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config.ts';
import { registerWebApp } from './webApp.ts';

describe('serving the built web app', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'webdist-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, 'public'));
    writeFileSync(join(dist, 'index.html'), '<html>v1 <script src="/assets/main-1.js"></script></html>');
    writeFileSync(join(dist, 'assets/main-1.js'), 'console.log(1)');
    writeFileSync(join(dist, 'public/chart.html'), '<html>chart</html>');
    writeFileSync(join(dist, '..', 'secret.txt'), 'secret');
    app = Fastify();
    await registerWebApp(app, loadConfig({ webDist: dist }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
    rmSync(join(dist, '..', 'secret.txt'), { force: true });
  });

  it('serves files, with long caching only for hashed assets', async () => {
    const js = await app.inject('/assets/main-1.js');
    expect(js.statusCode).toBe(200);
    expect(js.body).toBe('console.log(1)');
    expect(js.headers['cache-control']).toContain('immutable');
    const chart = await app.inject('/public/chart.html');
    expect(chart.body).toBe('<html>chart</html>');
    expect(chart.headers['cache-control']).toBe('no-cache');
  });

  it('answers any other path with index.html for the router, and API paths with a DRF 404', async () => {
    for (const path of ['/', '/scanner', '/rchart/ABC/', '/no/such/page']) {
      const r = await app.inject(path);
      expect(r.statusCode).toBe(200);
      expect(r.body).toContain('v1');
    }
    const api = await app.inject('/api/nothing/');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not found.' });
    expect((await app.inject('/assets/gone-9.js')).statusCode).toBe(404);
  });

  it('never serves a file outside the bundle', async () => {
    for (const path of ['/..%2fsecret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const r = await app.inject(path);
      expect(r.body).not.toContain('secret');
    }
  });

  it('picks up a rebuilt bundle without a restart', async () => {
    writeFileSync(join(dist, 'index.html'), '<html>v2 <script src="/assets/main-2.js"></script></html>');
    writeFileSync(join(dist, 'assets/main-2.js'), 'console.log(2)');
    const later = new Date(Date.now() + 5000);
    utimesSync(join(dist, 'index.html'), later, later);
    expect((await app.inject('/studies')).body).toContain('v2');
    expect((await app.inject('/assets/main-2.js')).body).toBe('console.log(2)');
  });
});
