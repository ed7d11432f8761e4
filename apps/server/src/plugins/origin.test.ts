import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_API_MESSAGES } from '@app/contract';
import { originAllowed } from './auth.ts';
import { dbKinds, signedInAs, testApp, type TestApp } from '../test/testApp.ts';

const SITE = 'https://bench.example.org';

describe('originAllowed', () => {
  const host = 'bench.example.org';
  it.each([
    // [headers, cookie-authenticated, allowed]
    [{ origin: SITE }, true, true],
    [{ origin: 'https://evil.example' }, true, false],
    [{ origin: 'https://evil.example' }, false, false],
    [{ origin: 'null' }, false, false],
    [{ origin: `http://${host}` }, true, true], // same host (a dev proxy)
    [{}, false, true], // curl, scripts, a first login: no credentials to abuse
    [{}, true, false], // a cookie write without any proof
    [{ secFetchSite: 'same-origin' }, true, true],
    [{ secFetchSite: 'same-site' }, true, false],
    [{ secFetchSite: 'cross-site' }, true, false],
    [{ referer: `${SITE}/backtest/templates` }, true, true],
    [{ referer: 'https://evil.example/page' }, true, false],
    [{ referer: 'not a url' }, true, false],
    [{ origin: 'https://evil.example', secFetchSite: 'same-origin', referer: SITE + '/' }, true, false], // a foreign Origin decides
  ])('%j (cookie: %s) → %s', (h, cookie, allowed) => {
    expect(originAllowed({ host, ...h }, SITE, cookie)).toBe(allowed);
  });
});

// A cookie write must prove it comes from the site: POST /api/templates/ with the session cookie, no
// Origin and a foreign Referer used to be accepted (201); it is refused.
describe.each(dbKinds)('same-origin proof for cookie writes on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let token: string;
  beforeAll(async () => {
    t = await testApp(kind, { siteUrl: SITE });
    cookie = (await signedInAs(t, 'writer@example.com')).cookie;
    token = cookie.split('=')[1];
  });
  afterAll(() => t.close());
  let n = 0; // a user's template names are unique: each accepted write makes another
  const post = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/templates/', headers, payload: { name: `T${++n}` } });

  it('refuses a cookie write with no Origin and a foreign or no Referer', async () => {
    const tries: Array<Record<string, string>> = [{ cookie, referer: 'https://evil.example/x' }, { cookie }, { cookie, 'sec-fetch-site': 'cross-site' }];
    for (const headers of tries) {
      const r = await post(headers);
      expect(r.statusCode, JSON.stringify(headers)).toBe(403);
      expect(r.json()).toEqual({ detail: AUTH_API_MESSAGES.originRejected });
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/templates/', headers: { cookie } });
    expect(list.json()).toEqual([]);
  });

  it('accepts a cookie write with the site Origin, Sec-Fetch-Site: same-origin or a Referer of the site', async () => {
    expect((await post({ cookie, origin: SITE })).statusCode).toBe(201);
    expect((await post({ cookie, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
    expect((await post({ cookie, referer: `${SITE}/backtest/templates` })).statusCode).toBe(201);
  });

  it('leaves bearer-token and credential-free requests as they were', async () => {
    expect((await post({ authorization: `Bearer ${token}` })).statusCode).toBe(201);
    expect((await post({ authorization: `Bearer ${token}`, cookie })).statusCode).toBe(201);
    const login = await t.app.inject({ method: 'POST', url: '/dj-rest-auth/login/', headers: { 'x-forwarded-for': '192.0.2.77' }, payload: { email: 'writer@example.com', password: 'x' } });
    expect(login.statusCode).toBe(400); // no Origin needed to sign in
    expect((await post({ authorization: `Bearer ${token}`, origin: 'https://evil.example' })).statusCode).toBe(403);
  });

  it('a logout by cookie needs the proof too (no cross-site logout)', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/dj-rest-auth/logout/', headers: { cookie: `_refresh=abc` } });
    expect(r.statusCode).toBe(403);
  });
});
