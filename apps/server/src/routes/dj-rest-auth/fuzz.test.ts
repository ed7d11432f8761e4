import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { encodeUid, makeResetToken } from '../../accounts/resetTokens.ts';
import { findUserByEmail } from '../../accounts/users.ts';

// Whatever a client sends to the account endpoints, the answer is a success or a client error
// with a DRF-style body, never a 500.
describe('account API under arbitrary input', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let uid = '';
  let token = '';
  let ip = 0;
  // A fresh client address per request (the test app trusts X-Forwarded-For), so the per-IP limits
  // do not turn every later run into a 429 that never reaches the handler.
  const from = () => ({ 'x-forwarded-for': `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}` });

  beforeAll(async () => {
    t = await testApp('pglite', { googleClientId: 'fuzz-client', googleClientSecret: 'fuzz-secret', googleTokenUrl: 'http://127.0.0.1:9/token' });
    headers = (await signedInAs(t, 'fuzz@example.com')).headers;
    const user = (await findUserByEmail(t.deps.db, 'fuzz@example.com'))!;
    uid = encodeUid(user.id);
    token = makeResetToken(t.deps.config.secretKey, user);
  });
  afterAll(() => t.close());

  const text = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.string({ unit: 'grapheme', maxLength: 8 }),
    fc.string({ unit: 'binary', maxLength: 8 }),
    fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', 'x'.repeat(300), 'fuzz@example.com', 'FUZZ@example.com ', 'a@b', '@', 'Candle-Wick-77',
      '12345678', 'password', 'MQ', 'MA', 'LTE', '0-x', 'zzzzzzzzzz-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'http://localhost:8000/oauth/callback', 'javascript:x'),
  );
  const scalar = fc.oneof(
    { arbitrary: fc.constantFrom(undefined, null, true, false, 0, -1, 1e308, Number.MAX_SAFE_INTEGER), weight: 1 },
    { arbitrary: fc.oneof(fc.integer(), fc.double()), weight: 1 },
    { arbitrary: text, weight: 5 },
  );
  const value = fc.oneof({ arbitrary: scalar, weight: 8 }, { arbitrary: fc.array(scalar, { maxLength: 2 }), weight: 1 }, { arbitrary: fc.dictionary(fc.string({ maxLength: 3 }), scalar, { maxKeys: 2 }), weight: 1 });
  // Mostly a valid body with one field replaced, so the fuzzed value gets past the first checks.
  const body = (valid: () => Record<string, unknown>) => {
    const keys = Object.keys(valid());
    if (!keys.length) return value;
    return fc.oneof(
      { arbitrary: fc.tuple(fc.constantFrom(...keys), value).map(([k, v]) => ({ ...valid(), [k]: v })), weight: 6 },
      { arbitrary: fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] }), weight: 3 },
      { arbitrary: value, weight: 1 },
    );
  };

  const routes: Array<{ method: 'POST' | 'PUT' | 'PATCH'; url: string; valid: () => Record<string, unknown>; signedIn?: boolean }> = [
    { method: 'POST', url: '/dj-rest-auth/login/', valid: () => ({ email: 'fuzz@example.com', password: 'Candle-Wick-77' }) },
    {
      method: 'POST',
      url: '/dj-rest-auth/registration/',
      valid: () => {
        const email = `new${++ip}@example.com`;
        return { username: email, email, password1: 'Candle-Wick-77', password2: 'Candle-Wick-77' };
      },
    },
    { method: 'POST', url: '/dj-rest-auth/password/reset/', valid: () => ({ email: 'fuzz@example.com' }) },
    { method: 'POST', url: '/dj-rest-auth/password/reset/confirm/', valid: () => ({ uid, token, new_password1: 'Other-Candle-88', new_password2: 'Other-Candle-88' }) },
    { method: 'POST', url: '/dj-rest-auth/token/refresh/', valid: () => ({ refresh: 'x' }) },
    { method: 'POST', url: '/dj-rest-auth/logout/', valid: () => ({}) },
    { method: 'POST', url: '/dj-rest-auth/google/', valid: () => ({ code: 'abc', redirect_uri: 'http://localhost:8000/oauth/callback' }) },
    { method: 'PATCH', url: '/dj-rest-auth/user/', valid: () => ({ first_name: 'Ada', last_name: 'Lovelace' }), signedIn: true },
    { method: 'PUT', url: '/dj-rest-auth/user/', valid: () => ({ first_name: 'Ada', last_name: 'Lovelace' }), signedIn: true },
  ];

  for (const route of routes) {
    it(`${route.method} ${route.url} never answers 500`, async () => {
      await fc.assert(
        fc.asyncProperty(body(route.valid), async (payload) => {
          const r = await t.app.inject({
            method: route.method,
            url: route.url,
            headers: { ...(route.signedIn ? headers : {}), ...from(), 'content-type': 'application/json' },
            payload: JSON.stringify(payload ?? null),
          });
          expect([200, 201, 400, 401, 429], r.body).toContain(r.statusCode);
          if (r.statusCode !== 200 && r.statusCode !== 201) expect(typeof r.json()).toBe('object');
        }),
        { numRuns: 150 },
      );
    });
  }

  it('a NUL character in a name is refused with a field error (PostgreSQL text cannot hold it)', async () => {
    // A fresh session: the fuzzed reset confirmations above may have changed the password, which
    // ends older sessions (reset confirmations are limited per account and address, not per account).
    const { headers } = await signedInAs(t, 'fuzz@example.com');
    const r = await t.app.inject({ method: 'PATCH', url: '/dj-rest-auth/user/', headers, payload: { first_name: 'a\u0000b' } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ first_name: ['Null characters are not allowed.'] });
  });

  it('malformed or oddly typed bodies get a 4xx, never a 500', async () => {
    const payloads = ['{', 'null', '"str"', '[]', '1', 'true', '{"email":'];
    for (const route of routes) {
      for (const payload of payloads) {
        for (const type of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
          const r = await t.app.inject({ method: route.method, url: route.url, headers: { ...(route.signedIn ? headers : {}), ...from(), 'content-type': type }, payload });
          expect(r.statusCode, `${route.url} ${type} ${payload}: ${r.body}`).toBeGreaterThanOrEqual(200);
          expect(r.statusCode, `${route.url} ${type} ${payload}: ${r.body}`).toBeLessThan(500);
        }
      }
    }
  });
});
