import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { AUTH_API_MESSAGES } from '@app/contract';
import { buildApp } from '../app.ts';
import { AUTH_LIMITS } from './rateLimits.ts';
import { dbKinds, testApp, type TestApp } from '../test/testApp.ts';

const PASSWORD = 'Candle-Wick-77';

// Throttling that cannot lock an owner out and counts on every process: the
// counts live in PostgreSQL, so a second app on the same database (another process) sees them.
describe.each(dbKinds)('login and registration throttling on %s', (kind) => {
  let t: TestApp;
  let other: FastifyInstance; // a second "process" on the same database
  let n = 0;
  const addr = () => `192.0.2.${++n}`;
  const login = (app: FastifyInstance, email: string, password: string, ip: string) =>
    app.inject({ method: 'POST', url: '/dj-rest-auth/login/', headers: { 'x-forwarded-for': ip }, payload: { email, password } });
  const register = (email: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/dj-rest-auth/registration/', headers: { 'x-forwarded-for': ip }, payload: { username: email, email, password1: PASSWORD, password2: PASSWORD } });

  beforeAll(async () => {
    t = await testApp(kind);
    other = await buildApp(t.deps);
    await other.ready();
    expect((await register('owner@example.com', addr())).statusCode).toBe(201);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('counts the failures of one address on one account across processes; the owner elsewhere signs in', async () => {
    const attacker = addr();
    const max = AUTH_LIMITS.login.accountAddress.max;
    for (let i = 0; i < max; i++) expect((await login(i % 2 ? other : t.app, 'owner@example.com', `guess-${i}`, attacker)).statusCode).toBe(400);
    const a = await login(t.app, 'owner@example.com', PASSWORD, attacker);
    const b = await login(other, 'owner@example.com', PASSWORD, attacker);
    expect([a.statusCode, b.statusCode]).toEqual([429, 429]);
    expect(a.json()).toEqual({ detail: AUTH_API_MESSAGES.tooManyAttempts(Number(/in (\d+) seconds/.exec(a.json().detail)![1])) });
    expect((await login(other, 'owner@example.com', PASSWORD, addr())).statusCode).toBe(200);
  });

  it('counts failures only: the owner signing in again and again is never throttled', async () => {
    const home = addr();
    for (let i = 0; i < AUTH_LIMITS.login.accountAddress.max + 5; i++) expect((await login(t.app, 'owner@example.com', PASSWORD, home)).statusCode).toBe(200);
    // and a success gives back the failure slot it took: failures before it still count
    for (let i = 0; i < AUTH_LIMITS.login.accountAddress.max; i++) expect((await login(t.app, 'owner@example.com', 'nope-' + i, home)).statusCode).toBe(400);
    expect((await login(t.app, 'owner@example.com', PASSWORD, home)).statusCode).toBe(429);
  });

  it('stops one address guessing over many accounts', async () => {
    const sprayer = addr();
    const max = AUTH_LIMITS.login.ip.max;
    for (let i = 0; i < max; i++) expect((await login(i % 2 ? other : t.app, `nobody-${i}@example.com`, 'Spray-Pass-1', sprayer)).statusCode).toBe(400);
    expect((await login(t.app, 'someone-new@example.com', 'Spray-Pass-1', sprayer)).statusCode).toBe(429);
    expect((await login(t.app, 'owner@example.com', PASSWORD, addr())).statusCode).toBe(200);
  }, 120_000);

  it('limits registrations of one e-mail from one address, not from others', async () => {
    const ip = addr();
    const max = AUTH_LIMITS.registration.accountAddress.max;
    for (let i = 0; i < max; i++) expect((await register('owner@example.com', ip)).statusCode).toBe(400); // taken
    expect((await register('owner@example.com', ip)).statusCode).toBe(429);
    expect((await register('owner@example.com', addr())).statusCode).toBe(400);
  });
});

describe('client address behind a reverse proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp('pglite', { trustProxy: 1 });
  });
  afterAll(() => t.close());

  it('with TRUST_PROXY=1 the address is the one the proxy appended: a forged X-Forwarded-For does not help', async () => {
    const max = AUTH_LIMITS.login.accountAddress.max;
    const attempt = (forged: string) =>
      t.app.inject({ method: 'POST', url: '/dj-rest-auth/login/', headers: { 'x-forwarded-for': `${forged}, 203.0.113.9` }, payload: { email: 'x@example.com', password: 'Wrong-Pass-1' } });
    for (let i = 0; i < max; i++) expect((await attempt(`10.0.0.${i}`)).statusCode).toBe(400);
    expect((await attempt('10.9.9.9')).statusCode).toBe(429);
    const elsewhere = await t.app.inject({ method: 'POST', url: '/dj-rest-auth/login/', headers: { 'x-forwarded-for': '203.0.113.9, 198.51.100.1' }, payload: { email: 'x@example.com', password: 'Wrong-Pass-1' } });
    expect(elsewhere.statusCode).toBe(400);
  });
});
