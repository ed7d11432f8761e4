import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_API_MESSAGES } from '@app/contract';
import { dbKinds, testApp, type TestApp } from '../../test/testApp.ts';

// Sessions end at logout: every access token the session issued (those from before earlier
// refreshes too) and its refresh token stop working at once; a rotated refresh token used again
// ends its session; "log out everywhere" ends every session of the user and no other user's.
const PASSWORD = 'Candle-Wick-77';

interface Tokens {
  access: string;
  refresh: string;
}

describe.each(dbKinds)('sessions on %s', (kind) => {
  let t: TestApp;
  let ip = 0;
  const from = () => ({ 'x-forwarded-for': `203.0.113.${++ip}` });
  const refreshOf = (res: { headers: Record<string, unknown> }) => {
    const set = res.headers['set-cookie'] as string[];
    return set.find((c) => c.startsWith('_refresh='))!.split(';')[0].slice('_refresh='.length);
  };
  const signUp = async (email: string) => {
    const r = await t.app.inject({ method: 'POST', url: '/dj-rest-auth/registration/', headers: from(), payload: { username: email, email, password1: PASSWORD, password2: PASSWORD } });
    expect(r.statusCode, r.body).toBe(201);
  };
  const login = async (email: string): Promise<Tokens> => {
    const r = await t.app.inject({ method: 'POST', url: '/dj-rest-auth/login/', headers: from(), payload: { email, password: PASSWORD } });
    expect(r.statusCode, r.body).toBe(200);
    return { access: r.json().access, refresh: refreshOf(r) };
  };
  /** Trades a refresh token (sent as the cookie) for new tokens; null when refused. */
  const refresh = async (token: string): Promise<Tokens | null> => {
    const r = await t.app.inject({ method: 'POST', url: '/dj-rest-auth/token/refresh/', headers: { ...from(), origin: t.deps.config.siteUrl, cookie: `_refresh=${token}` }, payload: {} });
    if (r.statusCode === 401) return null;
    expect(r.statusCode, r.body).toBe(200);
    return { access: r.json().access, refresh: refreshOf(r) };
  };
  /** Whether an access token still signs requests in. */
  const works = async (access: string) => {
    const r = await t.app.inject({ method: 'GET', url: '/dj-rest-auth/user/', headers: { authorization: `Bearer ${access}` } });
    expect([200, 401]).toContain(r.statusCode);
    return r.statusCode === 200;
  };
  const logout = (tokens: Tokens) =>
    t.app.inject({ method: 'POST', url: '/dj-rest-auth/logout/', headers: { ...from(), origin: t.deps.config.siteUrl, cookie: `access_token=${tokens.access}; _refresh=${tokens.refresh}` } });

  beforeAll(async () => {
    t = await testApp(kind);
    for (const who of ['ann', 'ben', 'cy', 'dee']) await signUp(`${who}@example.com`);
  });
  afterAll(() => t.close());

  it('logout ends every token of the session, those issued before earlier refreshes included; other sessions go on', async () => {
    const first = await login('ann@example.com');
    const second = (await refresh(first.refresh))!;
    const third = (await refresh(second.refresh))!;
    const elsewhere = await login('ann@example.com');
    for (const a of [first.access, second.access, third.access, elsewhere.access]) expect(await works(a)).toBe(true);
    const out = await logout(third);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ detail: AUTH_API_MESSAGES.loggedOut });
    for (const a of [first.access, second.access, third.access]) expect(await works(a)).toBe(false);
    expect(await refresh(third.refresh)).toBeNull();
    expect(await works(elsewhere.access)).toBe(true);
    expect(await refresh(elsewhere.refresh)).not.toBeNull();
  });

  it('logout with only the access token (a bearer client) ends its session too', async () => {
    const s = await login('ann@example.com');
    const r = await t.app.inject({ method: 'POST', url: '/dj-rest-auth/logout/', headers: { ...from(), authorization: `Bearer ${s.access}` } });
    expect(r.statusCode).toBe(200);
    expect(await works(s.access)).toBe(false);
    expect(await refresh(s.refresh)).toBeNull();
  });

  it('a rotated refresh token used again ends its session: the thief and the user are both signed out', async () => {
    const stolen = await login('ben@example.com');
    const user = (await refresh(stolen.refresh))!;
    const other = await login('ben@example.com');
    expect(await works(user.access)).toBe(true);
    expect(await refresh(stolen.refresh)).toBeNull(); // replayed
    expect(await works(user.access)).toBe(false);
    expect(await works(stolen.access)).toBe(false);
    expect(await refresh(user.refresh)).toBeNull();
    const [row] = await t.deps.db.query<{ end_reason: string }>(
      `SELECT end_reason FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE u.email = 'ben@example.com' AND ended_at IS NOT NULL`,
    );
    expect(row.end_reason).toBe('a rotated refresh token was used again');
    // the user's other session is not the stolen token's
    expect(await works(other.access)).toBe(true);
  });

  it('log out everywhere ends every session of the user, and no other user\'s', async () => {
    const phone = await login('cy@example.com');
    const laptop = await login('cy@example.com');
    const renewed = (await refresh(laptop.refresh))!;
    const someoneElse = await login('dee@example.com');
    const r = await t.app.inject({ method: 'POST', url: '/dj-rest-auth/logout/all/', headers: { authorization: `Bearer ${phone.access}` } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ detail: AUTH_API_MESSAGES.loggedOutEverywhere });
    for (const a of [phone.access, laptop.access, renewed.access]) expect(await works(a)).toBe(false);
    expect(await refresh(phone.refresh)).toBeNull();
    expect(await refresh(renewed.refresh)).toBeNull();
    expect(await works(someoneElse.access)).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: '/dj-rest-auth/logout/all/' })).statusCode).toBe(401);
  });
});
