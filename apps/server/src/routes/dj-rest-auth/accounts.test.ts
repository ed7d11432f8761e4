import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_API_MESSAGES } from '@app/contract';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { AUTH_LIMITS } from '../../accounts/rateLimits.ts';

const PASSWORD = 'Candle-Wick-77';

/** The cookie header a browser would send back after a response (name=value of each Set-Cookie). */
function cookiesFrom(res: { headers: Record<string, unknown> }, jar: Record<string, string> = {}) {
  const set = res.headers['set-cookie'];
  for (const c of (Array.isArray(set) ? set : set ? [set] : []) as string[]) {
    const [pair] = c.split(';');
    const i = pair.indexOf('=');
    const value = pair.slice(i + 1);
    if (value && !/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c)) jar[pair.slice(0, i)] = value;
    else delete jar[pair.slice(0, i)];
  }
  return jar;
}
const header = (jar: Record<string, string>) => Object.entries(jar).map(([k, v]) => `${k}=${v}`).join('; ');

describe.each(dbKinds)('accounts API on %s', (kind) => {
  let t: TestApp;
  let ip = 0;
  // Each test gets its own client address so the per-IP limits of one do not spill into another.
  const from = () => ({ 'x-forwarded-for': `198.51.100.${++ip}` });
  const register = (email: string, password1 = PASSWORD, password2 = password1, headers: Record<string, string> = from()) =>
    t.app.inject({ method: 'POST', url: '/dj-rest-auth/registration/', headers, payload: { username: email, email, password1, password2 } });
  const login = (email: string, password = PASSWORD, headers: Record<string, string> = from()) =>
    t.app.inject({ method: 'POST', url: '/dj-rest-auth/login/', headers, payload: { email, password } });

  beforeAll(async () => {
    t = await testApp(kind);
  });
  afterAll(() => t.close());

  it('signs up, logs in, reads and edits the profile, refreshes and logs out', async () => {
    const email = 'Trader.One@Example.com';
    const reg = await register(email);
    expect(reg.statusCode).toBe(201);
    expect(reg.json().user).toMatchObject({ email: 'trader.one@example.com', username: 'trader.one@example.com' });

    const [row] = await t.deps.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', ['trader.one@example.com']);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    const res = await login('trader.one@example.com');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.access.split('.')).toHaveLength(3);
    const exp = JSON.parse(Buffer.from(body.access.split('.')[1], 'base64url').toString()).exp;
    expect(exp).toBeGreaterThan(Date.now() / 1000);
    const setCookies = res.headers['set-cookie'] as string[];
    expect(setCookies.find((c) => c.startsWith('access_token='))).toMatch(/HttpOnly/);
    expect(setCookies.find((c) => c.startsWith('access_token='))).toMatch(/SameSite=Lax/);
    expect(setCookies.find((c) => c.startsWith('_refresh='))).toMatch(/HttpOnly/);
    expect(setCookies.find((c) => c.startsWith('_refresh='))).toContain('Path=/dj-rest-auth/');
    const jar = cookiesFrom(res);

    const me = await t.app.inject({ method: 'GET', url: '/dj-rest-auth/user/', headers: { cookie: header(jar) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ pk: expect.any(Number), username: 'trader.one@example.com', email: 'trader.one@example.com', first_name: '', last_name: '' });

    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/dj-rest-auth/user/',
      headers: { cookie: header(jar), origin: t.deps.config.siteUrl },
      payload: { first_name: 'Ada', last_name: 'Lovelace', email: 'stolen@example.com' },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', email: 'trader.one@example.com' });

    // The refresh cookie buys a new session once; the used one is dead.
    const oldRefresh = jar._refresh;
    // Cookie-authenticated writes say where they come from, as a browser's do (Origin).
    const site = { origin: t.deps.config.siteUrl };
    const refreshed = await t.app.inject({ method: 'POST', url: '/dj-rest-auth/token/refresh/', headers: { cookie: header(jar), ...site } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().access).toBeTruthy();
    cookiesFrom(refreshed, jar);
    expect(jar._refresh).not.toBe(oldRefresh);
    const replay = await t.app.inject({ method: 'POST', url: '/dj-rest-auth/token/refresh/', headers: { cookie: `_refresh=${oldRefresh}`, ...site } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: AUTH_API_MESSAGES.refreshInvalid });

    const accessBeforeLogout = jar.access_token;
    const out = await t.app.inject({ method: 'POST', url: '/dj-rest-auth/logout/', headers: { cookie: header(jar), ...site } });
    expect(out.statusCode).toBe(200);
    // The access token logout ended no longer signs anyone in, even if it was copied before.
    const copied = await t.app.inject({ method: 'GET', url: '/dj-rest-auth/user/', headers: { cookie: `access_token=${accessBeforeLogout}` } });
    expect(copied.statusCode).toBe(401);
    const refreshAfterLogout = await t.app.inject({ method: 'POST', url: '/dj-rest-auth/token/refresh/', headers: { cookie: `_refresh=${jar._refresh}`, ...site } });
    expect(refreshAfterLogout.statusCode).toBe(401);
    cookiesFrom(out, jar);
    expect(jar).toEqual({});
    const anon = await t.app.inject({ method: 'GET', url: '/dj-rest-auth/user/', headers: { cookie: header(jar) } });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('refuses a wrong password and an unknown e-mail with the same answer', async () => {
    await register('wrongpw@example.com');
    const wrong = await login('wrongpw@example.com', 'Not-The-Password-1');
    const unknown = await login('nobody-here@example.com');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: AUTH_API_MESSAGES.badCredentials });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a duplicate e-mail, whatever its case', async () => {
    expect((await register('dup@example.com')).statusCode).toBe(201);
    const again = await register('DUP@example.com');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ email: [AUTH_API_MESSAGES.emailTaken] });
  });

  it('refuses weak passwords with rules a user can read, and mismatched ones', async () => {
    const short = await register('weak1@example.com', 'Ab1!');
    expect(short.statusCode).toBe(400);
    expect(short.json().password1).toContain('This password is too short. It must contain at least 8 characters.');
    const numeric = await register('weak2@example.com', '8271640392');
    expect(numeric.json().password1).toEqual(['This password is entirely numeric.']);
    const common = await register('weak3@example.com', 'password123');
    expect(common.json().password1).toContain('This password is too common.');
    const similar = await register('jonathan.trader@example.com', 'jonathan.trader99');
    expect(similar.json().password1).toEqual(['The password is too similar to the email address.']);
    const mismatch = await register('weak4@example.com', PASSWORD, PASSWORD + 'x');
    expect(mismatch.json()).toEqual({ non_field_errors: [AUTH_API_MESSAGES.passwordsMismatch] });
    const bad = await t.app.inject({ method: 'POST', url: '/dj-rest-auth/registration/', headers: from(), payload: { email: 'not-an-email', password1: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ email: [AUTH_API_MESSAGES.invalidEmail], password1: [AUTH_API_MESSAGES.required], password2: [AUTH_API_MESSAGES.required] });
    const count = await t.deps.db.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE email LIKE 'weak%'");
    expect(count[0].n).toBe(0);
  });

  it('limits failed logins per account and address with a clear 429; the owner elsewhere still signs in', async () => {
    await register('target@example.com');
    const max = AUTH_LIMITS.login.accountAddress.max;
    const attacker = from();
    for (let i = 0; i < max; i++) expect((await login('target@example.com', 'guess-' + i, attacker)).statusCode).toBe(400);
    const limited = await login('target@example.com', PASSWORD, attacker); // even the right password waits now, from there
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect((await login('target@example.com')).statusCode).toBe(200); // the owner, from another address
    expect((await login('other-account@example.com', PASSWORD, attacker)).statusCode).toBe(400); // other accounts unaffected
  });

  it('limits registrations per IP address', async () => {
    const headers = from();
    const max = AUTH_LIMITS.registration.ip.max;
    for (let i = 0; i < max; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/dj-rest-auth/registration/', headers, payload: {} });
      expect(r.statusCode).toBe(400);
    }
    const limited = await register('fresh-after-limit@example.com', PASSWORD, PASSWORD, headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toContain('Too many attempts');
    expect((await register('fresh-after-limit@example.com')).statusCode).toBe(201); // another address may
  });

  it('keeps each user to their own account: A cannot read or change B', async () => {
    const a = await signedInAs(t, 'alice@example.com');
    const b = await signedInAs(t, 'bob@example.com');
    const readA = await t.app.inject({ method: 'GET', url: '/dj-rest-auth/user/', headers: a.headers });
    expect(readA.json()).toMatchObject({ pk: a.id, email: 'alice@example.com' });
    const patchA = await t.app.inject({ method: 'PATCH', url: '/dj-rest-auth/user/', headers: a.headers, payload: { pk: b.id, id: b.id, first_name: 'Mallory' } });
    expect(patchA.json()).toMatchObject({ pk: a.id, first_name: 'Mallory' });
    const readB = await t.app.inject({ method: 'GET', url: '/dj-rest-auth/user/', headers: b.headers });
    expect(readB.json()).toMatchObject({ pk: b.id, email: 'bob@example.com', first_name: '' });
    // A token whose subject was swapped to B fails its signature check.
    const [h, p, s] = a.cookie.split('=')[1].split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = [h, Buffer.from(JSON.stringify({ ...claims, sub: String(b.id) })).toString('base64url'), s].join('.');
    const asB = await t.app.inject({ method: 'GET', url: '/dj-rest-auth/user/', headers: { cookie: `access_token=${forged}` } });
    expect(asB.statusCode).toBe(401);
  });

  it('checks Origin on unsafe methods and answers bad input with 400s', async () => {
    const a = await signedInAs(t, 'origin@example.com');
    const evil = await t.app.inject({ method: 'PATCH', url: '/dj-rest-auth/user/', headers: { cookie: a.cookie, origin: 'https://evil.example' }, payload: { first_name: 'X' } });
    expect(evil.statusCode).toBe(403);
    expect(evil.json()).toEqual({ detail: AUTH_API_MESSAGES.originRejected });
    const nullOrigin = await login('origin@example.com', PASSWORD, { origin: 'null', ...from() });
    expect(nullOrigin.statusCode).toBe(403);
    const same = await t.app.inject({ method: 'PATCH', url: '/dj-rest-auth/user/', headers: a.headers, payload: { first_name: 'Y' } });
    expect(same.statusCode).toBe(200);
    const long = await t.app.inject({ method: 'PATCH', url: '/dj-rest-auth/user/', headers: a.headers, payload: { first_name: 'x'.repeat(151) } });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json())).toEqual(['first_name']);
    const notJson = await t.app.inject({ method: 'POST', url: '/dj-rest-auth/login/', headers: { 'content-type': 'application/json', ...from() }, payload: '{bad' });
    expect(notJson.statusCode).toBe(400);
    const array = await t.app.inject({ method: 'POST', url: '/dj-rest-auth/login/', headers: from(), payload: [1, 2] });
    expect(array.statusCode).toBe(400);
  });

  it('a password change ends existing sessions (token_version)', async () => {
    await register('sessions@example.com');
    const jar = cookiesFrom(await login('sessions@example.com'));
    expect((await t.app.inject({ method: 'GET', url: '/dj-rest-auth/user/', headers: { cookie: header(jar) } })).statusCode).toBe(200);
    await t.deps.db.query("UPDATE users SET token_version = token_version + 1 WHERE email = 'sessions@example.com'");
    expect((await t.app.inject({ method: 'GET', url: '/dj-rest-auth/user/', headers: { cookie: header(jar) } })).statusCode).toBe(401);
  });

  it('answers Google sign-in with a clear 400 when it is not configured', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/dj-rest-auth/google/', payload: { code: 'abc', redirect_uri: 'http://localhost:8000/oauth/callback' } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ detail: AUTH_API_MESSAGES.googleNotConfigured });
  });
});

describe('accounts API under a {base} path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp('pglite', { authBasePath: '/auth' });
  });
  afterAll(() => t.close());

  it('serves login and registration under {base}, user and google at the root too', async () => {
    const reg = await t.app.inject({ method: 'POST', url: '/auth/dj-rest-auth/registration/', payload: { email: 'base@example.com', password1: PASSWORD, password2: PASSWORD } });
    expect(reg.statusCode).toBe(201);
    const res = await t.app.inject({ method: 'POST', url: '/auth/dj-rest-auth/login/', payload: { email: 'base@example.com', password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect((res.headers['set-cookie'] as string[]).find((c) => c.startsWith('_refresh='))).toContain('Path=/auth/dj-rest-auth/');
    const jar = cookiesFrom(res);
    expect((await t.app.inject({ method: 'GET', url: '/dj-rest-auth/user/', headers: { cookie: header(jar) } })).json().email).toBe('base@example.com');
    expect((await t.app.inject({ method: 'POST', url: '/dj-rest-auth/login/', payload: {} })).statusCode).toBe(404);
  });
});
