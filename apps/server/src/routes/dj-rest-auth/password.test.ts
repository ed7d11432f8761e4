import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_API_MESSAGES } from '@app/contract';
import { dbKinds, testApp, type TestApp } from '../../test/testApp.ts';
import { startTestMailbox, resetLinkIn, type TestMailbox } from '../../test/mailbox.ts';
import { encodeUid, makeResetToken } from '../../accounts/resetTokens.ts';
import { findUserByEmail } from '../../accounts/users.ts';
import { AUTH_LIMITS } from '../../accounts/rateLimits.ts';

const PASSWORD = 'Candle-Wick-77';
const NEW_PASSWORD = 'Moving-Average-200';

describe.each(dbKinds)('password reset on %s (mail over loopback SMTP)', (kind) => {
  let t: TestApp;
  let mailbox: TestMailbox;
  let ip = 0;
  const from = () => ({ 'x-forwarded-for': `192.0.2.${++ip}` });
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: from(), payload });
  const signUp = (email: string) => post('/dj-rest-auth/registration/', { email, password1: PASSWORD, password2: PASSWORD });
  const login = (email: string, password: string) => post('/dj-rest-auth/login/', { email, password });
  const confirm = (uid: string, token: string, password = NEW_PASSWORD, password2 = password) =>
    post('/dj-rest-auth/password/reset/confirm/', { uid, token, new_password1: password, new_password2: password2 });

  beforeAll(async () => {
    mailbox = await startTestMailbox();
    t = await testApp(kind, { smtpUrl: mailbox.url, mailFrom: 'Stockbench <no-reply@stockbench.test>', resetTokenTtlSeconds: 3600 });
  });
  afterAll(async () => {
    await t.close();
    await mailbox.close();
  });

  it('mails a link that sets a new password once; the old password stops working', async () => {
    await signUp('reset@example.com');
    const r = await post('/dj-rest-auth/password/reset/', { email: 'Reset@Example.com' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ detail: AUTH_API_MESSAGES.resetSent });

    const mail = await mailbox.next('reset@example.com');
    expect(mail.raw).toMatch(/^From: Stockbench <no-reply@stockbench\.test>/m);
    const link = resetLinkIn(mail);
    expect(link.url).toBe(`${t.deps.config.siteUrl}/password-reset-confirm/${link.uid}/${link.token}/`);

    // Follow the link: the web app's confirm screen posts uid and token from its path.
    const path = new URL(link.url).pathname.split('/').filter(Boolean);
    expect(path[0]).toBe('password-reset-confirm');
    const ok = await confirm(path[1], path[2]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ detail: AUTH_API_MESSAGES.resetDone });

    expect((await login('reset@example.com', PASSWORD)).statusCode).toBe(400);
    expect((await login('reset@example.com', NEW_PASSWORD)).statusCode).toBe(200);

    const reused = await confirm(path[1], path[2], 'Another-Fresh-Pass-9');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ detail: AUTH_API_MESSAGES.resetLinkInvalid });
    expect((await login('reset@example.com', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = mailbox.mails.length;
    const r = await post('/dj-rest-auth/password/reset/', { email: 'ghost@example.com' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ detail: AUTH_API_MESSAGES.resetSent });
    await signUp('known@example.com');
    await post('/dj-rest-auth/password/reset/', { email: 'known@example.com' });
    await mailbox.next('known@example.com'); // the known address's mail arrives...
    expect(mailbox.mails.slice(before).flatMap((m) => m.to)).toEqual(['known@example.com']); // ...and only it
    const bad = await post('/dj-rest-auth/password/reset/', { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ email: [AUTH_API_MESSAGES.invalidEmail] });
  });

  it('refuses a token for another user, an expired token and a token from before a password change', async () => {
    await signUp('victim@example.com');
    await signUp('attacker@example.com');
    await post('/dj-rest-auth/password/reset/', { email: 'attacker@example.com' });
    const attackers = resetLinkIn(await mailbox.next('attacker@example.com'));
    const victim = (await findUserByEmail(t.deps.db, 'victim@example.com'))!;

    const crossed = await confirm(encodeUid(victim.id), attackers.token);
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json()).toEqual({ detail: AUTH_API_MESSAGES.resetLinkInvalid });

    const secret = t.deps.config.secretKey;
    const expired = makeResetToken(secret, victim, Date.now() - 3601 * 1000);
    expect((await confirm(encodeUid(victim.id), expired)).statusCode).toBe(400);
    const fresh = makeResetToken(secret, victim, Date.now() - 3500 * 1000); // inside the TTL
    const first = makeResetToken(secret, victim);

    expect((await confirm(encodeUid(victim.id), fresh)).statusCode).toBe(200);
    // `first` was valid, but the password has changed since: it is dead too.
    expect((await confirm(encodeUid(victim.id), first)).statusCode).toBe(400);

    expect((await confirm('bm90LWEtbnVtYmVy', first)).statusCode).toBe(400); // uid decodes to garbage
    expect((await confirm(encodeUid(999_999), first)).statusCode).toBe(400);
    expect((await confirm(encodeUid(victim.id), 'zz-' + 'x'.repeat(32))).json()).toEqual({ detail: AUTH_API_MESSAGES.resetLinkInvalid });
  });

  it('checks the new password like sign-up does, without spending the token', async () => {
    await signUp('rules@example.com');
    await post('/dj-rest-auth/password/reset/', { email: 'rules@example.com' });
    const { uid, token } = resetLinkIn(await mailbox.next('rules@example.com'));
    const weak = await confirm(uid, token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().new_password1).toContain('This password is too short. It must contain at least 8 characters.');
    const mismatch = await confirm(uid, token, NEW_PASSWORD, NEW_PASSWORD + '!');
    expect(mismatch.json()).toEqual({ new_password2: [AUTH_API_MESSAGES.passwordsMismatch] });
    expect((await confirm(uid, token)).statusCode).toBe(200);
  });

  it('ends sessions opened before the reset', async () => {
    await signUp('loggedin@example.com');
    const res = await login('loggedin@example.com', PASSWORD);
    const cookie = (res.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');
    await post('/dj-rest-auth/password/reset/', { email: 'loggedin@example.com' });
    const { uid, token } = resetLinkIn(await mailbox.next('loggedin@example.com'));
    expect((await confirm(uid, token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/dj-rest-auth/user/', headers: { cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/dj-rest-auth/token/refresh/', headers: { cookie, origin: t.deps.config.siteUrl } })).statusCode).toBe(401);
  });

  it('limits reset requests per account with a clear 429', async () => {
    const max = AUTH_LIMITS.reset.account.max;
    for (let i = 0; i < max; i++) expect((await post('/dj-rest-auth/password/reset/', { email: 'spam-target@example.com' })).statusCode).toBe(200);
    const limited = await post('/dj-rest-auth/password/reset/', { email: 'spam-target@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
  });
});

describe('password reset without SMTP_URL', () => {
  it('writes the mail with its link to the log', async () => {
    const lines: string[] = [];
    const t = await testApp('pglite', { smtpUrl: null });
    // Capture what the mailer logs (the app is built without a logger in tests).
    const { createMailer } = await import('../../accounts/mailer.ts');
    const log = { info: (_o: unknown, msg: string) => lines.push(msg) } as never;
    await createMailer(t.deps.config, log).send({ to: 'a@example.com', subject: 'Reset', text: 'Link: http://x/password-reset-confirm/MQ/abc-def/' });
    expect(lines.join('\n')).toContain('http://x/password-reset-confirm/MQ/abc-def/');
    expect(lines.join('\n')).toContain('To: a@example.com');
    await t.close();
  });
});
