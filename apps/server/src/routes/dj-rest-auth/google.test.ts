import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuth2Server } from 'oauth2-mock-server';
import { AUTH_API_MESSAGES } from '@app/contract';
import { dbKinds, testApp, type TestApp } from '../../test/testApp.ts';

const CLIENT_ID = 'stockbench-test-client';
const REDIRECT = 'http://localhost:8000/oauth/callback';

describe.each(dbKinds)('Google sign-in against a loopback OIDC provider on %s', (kind) => {
  let t: TestApp;
  let oidc: OAuth2Server;
  // The identity the provider puts in its next ID token.
  let identity: Record<string, unknown> = {};

  /** What the browser does: visit the provider's authorize URL, which redirects back with a code. */
  async function authorize(): Promise<string> {
    const url = new URL(`${oidc.issuer.url}/authorize`);
    url.search = new URLSearchParams({ client_id: CLIENT_ID, redirect_uri: REDIRECT, response_type: 'code', scope: 'openid profile email', state: 's1' }).toString();
    const res = await fetch(url, { redirect: 'manual' });
    const back = new URL(res.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('s1');
    return back.searchParams.get('code')!;
  }
  const exchange = (code: string) => t.app.inject({ method: 'POST', url: '/dj-rest-auth/google/', payload: { code, redirect_uri: REDIRECT } });

  beforeAll(async () => {
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0, '127.0.0.1');
    oidc.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => Object.assign(token.payload, identity));
    const base = oidc.issuer.url!;
    t = await testApp(kind, {
      googleClientId: CLIENT_ID,
      googleClientSecret: 'test-secret',
      googleAuthUrl: `${base}/authorize`,
      googleTokenUrl: `${base}/token`,
      googleJwksUrl: `${base}/jwks`,
      googleIssuer: base,
    });
  });
  afterAll(async () => {
    await t.close();
    await oidc.stop();
  });

  it('creates an account for a new Google user and signs them in', async () => {
    identity = { sub: 'g-new-1', email: 'New.Google@Example.com', email_verified: true, given_name: 'Grace', family_name: 'Hopper' };
    const r = await exchange(await authorize());
    expect(r.statusCode).toBe(200);
    expect(r.json().access).toBeTruthy();
    expect(r.json().user).toMatchObject({ email: 'new.google@example.com', first_name: 'Grace', last_name: 'Hopper' });
    const cookie = (r.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');
    const me = await t.app.inject({ method: 'GET', url: '/dj-rest-auth/user/', headers: { cookie } });
    expect(me.json().email).toBe('new.google@example.com');
    const [row] = await t.deps.db.query('SELECT password_hash, google_sub FROM users WHERE email = $1', ['new.google@example.com']);
    expect(row).toEqual({ password_hash: null, google_sub: 'g-new-1' });
    // A Google-only account cannot be logged into with a password.
    const pw = await t.app.inject({ method: 'POST', url: '/dj-rest-auth/login/', payload: { email: 'new.google@example.com', password: 'anything-at-all' } });
    expect(pw.statusCode).toBe(400);
  });

  it('signs a returning Google user into the same account, even after an e-mail change at Google', async () => {
    identity = { sub: 'g-new-1', email: 'renamed@example.com', email_verified: true };
    const r = await exchange(await authorize());
    expect(r.statusCode).toBe(200);
    expect(r.json().user.email).toBe('new.google@example.com');
    const n = await t.deps.db.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE google_sub = 'g-new-1'");
    expect(n[0].n).toBe(1);
  });

  it('links Google to an existing password account with the same verified e-mail', async () => {
    const reg = await t.app.inject({ method: 'POST', url: '/dj-rest-auth/registration/', payload: { email: 'both@example.com', password1: 'Candle-Wick-77', password2: 'Candle-Wick-77' } });
    identity = { sub: 'g-both', email: 'both@example.com', email_verified: true };
    const r = await exchange(await authorize());
    expect(r.statusCode).toBe(200);
    expect(r.json().user.pk).toBe(reg.json().user.pk);
    const pw = await t.app.inject({ method: 'POST', url: '/dj-rest-auth/login/', payload: { email: 'both@example.com', password: 'Candle-Wick-77' } });
    expect(pw.statusCode).toBe(200);
  });

  it('refuses an unverified e-mail and ID tokens for another client or issuer', async () => {
    identity = { sub: 'g-unverified', email: 'unverified@example.com', email_verified: false };
    const unverified = await exchange(await authorize());
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json()).toEqual({ detail: AUTH_API_MESSAGES.googleEmailUnverified });

    identity = { sub: 'g-other', email: 'other@example.com', email_verified: true, aud: 'someone-elses-client' };
    const wrongAud = await exchange(await authorize());
    expect(wrongAud.statusCode).toBe(400);
    expect(wrongAud.json()).toEqual({ detail: AUTH_API_MESSAGES.googleFailed });

    identity = { sub: 'g-other', email: 'other@example.com', email_verified: true, iss: 'https://not-the-issuer.example' };
    expect((await exchange(await authorize())).statusCode).toBe(400);

    const bad = await t.app.inject({ method: 'POST', url: '/dj-rest-auth/google/', payload: { code: '', redirect_uri: 'not a url' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['code', 'redirect_uri']);
    const n = await t.deps.db.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE email IN ('unverified@example.com', 'other@example.com')");
    expect(n[0].n).toBe(0);
  });

  it('answers 400 when the provider cannot be reached', async () => {
    const down = await testApp(kind, { googleClientId: CLIENT_ID, googleClientSecret: 'x', googleTokenUrl: 'http://127.0.0.1:9/token' });
    const r = await down.app.inject({ method: 'POST', url: '/dj-rest-auth/google/', payload: { code: 'c', redirect_uri: REDIRECT } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ detail: AUTH_API_MESSAGES.googleFailed });
    await down.close();
  });
});
