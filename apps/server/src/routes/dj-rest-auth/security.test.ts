import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, testApp, type TestApp } from '../../test/testApp.ts';

// ARCHITECTURE.md's security model as a browser sees it on the account endpoints: httpOnly,
// SameSite=Lax cookies that are Secure when the site runs on https, and helmet's headers.

describe.each(dbKinds)('account cookies and headers on %s', (kind) => {
  let t: TestApp;
  const site = 'https://bench.example.org';
  beforeAll(async () => {
    t = await testApp(kind, { siteUrl: site });
  });
  afterAll(() => t.close());

  it('on an https site the session cookies are Secure, httpOnly and SameSite=Lax; logout clears both the same way', async () => {
    const email = 'secure@example.com';
    const password = 'Candle-Wick-77';
    const headers = { origin: site, 'x-forwarded-for': '203.0.113.7' };
    const reg = await t.app.inject({ method: 'POST', url: '/dj-rest-auth/registration/', headers, payload: { username: email, email, password1: password, password2: password } });
    expect(reg.statusCode).toBe(201);
    const login = await t.app.inject({ method: 'POST', url: '/dj-rest-auth/login/', headers, payload: { email, password } });
    expect(login.statusCode).toBe(200);
    const set = login.headers['set-cookie'] as string[];
    for (const name of ['access_token', '_refresh']) {
      const c = set.find((s) => s.startsWith(`${name}=`));
      expect(c, name).toMatch(/; Secure/);
      expect(c, name).toMatch(/; HttpOnly/);
      expect(c, name).toMatch(/; SameSite=Lax/);
    }
    const cookie = set.map((s) => s.split(';')[0]).join('; ');
    const out = await t.app.inject({ method: 'POST', url: '/dj-rest-auth/logout/', headers: { ...headers, cookie } });
    expect(out.statusCode).toBe(200);
    const cleared = out.headers['set-cookie'] as string[];
    for (const name of ['access_token', '_refresh']) expect(cleared.find((s) => s.startsWith(`${name}=;`)), name).toMatch(/; Secure/);
  });

  it('a cross-site form post (another Origin) is refused before the handler runs', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/dj-rest-auth/password/reset/',
      headers: { origin: 'https://evil.example.net', host: 'bench.example.org', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'secure@example.com' }),
    });
    expect(r.statusCode).toBe(403);
    expect(r.json().detail).toMatch(/Origin/);
  });

  it('answers carry helmet security headers', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/dj-rest-auth/user/' });
    expect(r.statusCode).toBe(401);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(r.headers['strict-transport-security']).toBeTruthy();
    expect(String(r.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(String(r.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
  });
});
