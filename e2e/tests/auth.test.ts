import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AUTH_MESSAGES } from '@app/contract';
import { baseUrl, sharedBrowser, newPage } from '../harness/browser.ts';
import { signUpAndLogIn, signUpViaApi, TEST_PASSWORD, uniqueEmail } from '../harness/account.ts';
import { startGoogleStandIn, type GoogleStandIn } from '../harness/google.ts';
import { startServer, type RunningServer } from '../harness/server.ts';
import { resetLinkIn, startTestMailbox, type TestMailbox } from '@app/server/testing';

const BANNER = '[data-testid="session-expired-banner"]';

async function fillLogin(page: Page, email: string, password: string) {
  // After a client-side navigation the previous form (sign-up has Email and Password too) stays on
  // screen until the login page has rendered: wait for the login form itself before filling it.
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('accounts in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });

  it('signs up, logs in, edits the profile and logs out', async () => {
    const { page, context } = await newPage(browser);
    const email = uniqueEmail('journey');
    await page.goto('/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Confirm password').fill(TEST_PASSWORD + 'x');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(AUTH_MESSAGES.signupPasswordsMismatch, { exact: true }).waitFor();

    await page.getByLabel('Password', { exact: true }).fill('1234567');
    await page.getByLabel('Confirm password').fill('1234567');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('alert').filter({ hasText: 'This password is too short' }).first().waitFor();
    // Every problem shows under the password at once; the form line does not repeat it on screen.
    const password = page.getByLabel('Password', { exact: true });
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    const under = page.locator(`[id="${await password.getAttribute('aria-describedby')}"]`);
    expect(await under.textContent()).toBe('This password is too short. It must contain at least 8 characters. This password is entirely numeric.');
    expect(await page.getByRole('alert').filter({ hasText: 'This password is too short' }).getAttribute('class')).toContain('sr-only');

    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Confirm password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((u) => u.pathname === '/login');

    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText(AUTH_MESSAGES.loginMissingFields).waitFor();
    await fillLogin(page, email, 'Wrong-Password-1');
    await page.getByText('Unable to log in with provided credentials.').waitFor();
    await fillLogin(page, email, TEST_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/');
    expect((await context.cookies()).find((c) => c.name === '_auth')?.value.split('.')).toHaveLength(3);
    expect((await context.cookies()).find((c) => c.name === 'access_token')?.httpOnly).toBe(true);

    await page.goto('/profile');
    await expect.poll(() => page.getByTestId('profile-email').textContent()).toBe(email);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    expect(await page.getByLabel('Email').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(AUTH_MESSAGES.profileUpdated).waitFor();
    expect(await page.getByTestId('profile-first-name').textContent()).toBe('Ada');
    await page.reload();
    await expect.poll(() => page.getByTestId('profile-last-name').textContent()).toBe('Lovelace');

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL((u) => u.pathname === '/');
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).not.toContain('_auth');
    expect(names).not.toContain('access_token');
    await page.goto('/profile');
    await page.waitForURL((u) => u.pathname === '/login');
    await context.close();
  });

  it('/login and /oauth/callback send a signed-in user home (spec §2)', async () => {
    const { page, context } = await newPage(browser);
    await signUpAndLogIn(page);
    for (const path of ['/login', '/oauth/callback?code=abc&state=xyz']) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === '/');
      await page.getByRole('heading', { level: 1 }).waitFor();
    }
    await context.close();
  });

  it('/oauth/callback sends a visitor to /login without a code, with a forged state, and after a failed exchange', async () => {
    const { page, context } = await newPage(browser);
    for (const path of ['/oauth/callback', '/oauth/callback?code=abc', '/oauth/callback?code=abc&state=forged']) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === '/login');
      await page.getByRole('button', { name: 'Log in' }).waitFor();
    }
    // A state this tab sent, but the server cannot exchange the code (Google is not configured here).
    await page.evaluate(() => sessionStorage.setItem('oauth_state', 'sent-by-this-tab'));
    await page.goto('/oauth/callback?code=abc&state=sent-by-this-tab');
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByRole('alert').filter({ hasText: 'Google sign-in failed. Please try again.' }).waitFor();
    expect((await context.cookies()).find((c) => c.name === '_auth')).toBeUndefined();
    await context.close();
  });

  it('sends an expired _auth to /login (console message) and back to the guarded page after login', async () => {
    const { page, context } = await newPage(browser);
    const account = await signUpAndLogIn(page);
    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));
    const expired = ['eyJhbGciOiJIUzI1NiJ9', Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) - 60 })).toString('base64url'), 'sig'].join('.');
    await context.addCookies([{ name: '_auth', value: expired, url: baseUrl() }]);
    await page.goto('/profile');
    await page.waitForURL((u) => u.pathname === '/login');
    expect(logs).toContain(AUTH_MESSAGES.tokenExpiredConsole);
    expect((await context.cookies()).find((c) => c.name === '_auth')).toBeUndefined();
    await fillLogin(page, account.email, account.password);
    await page.waitForURL((u) => u.pathname === '/profile');
    await expect.poll(() => page.getByTestId('profile-email').textContent()).toBe(account.email);
    await context.close();
  });

  it('treats an unparseable _auth as valid (console message) while the server session holds', async () => {
    const { page, context } = await newPage(browser);
    const account = await signUpAndLogIn(page);
    await context.addCookies([{ name: '_auth', value: 'not-a-jwt', url: baseUrl() }]);
    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));
    await page.goto('/profile');
    await expect.poll(() => page.getByTestId('profile-email').textContent()).toBe(account.email);
    expect(logs).toContain(AUTH_MESSAGES.invalidTokenConsole);
    await context.close();
  });

  it('shows the session-expired banner when the server session is gone, then /login and back', async () => {
    const { page, context } = await newPage(browser);
    const account = await signUpAndLogIn(page);
    await page.goto('/profile');
    await expect.poll(() => page.getByTestId('profile-email').textContent()).toBe(account.email);
    // The server-side session ends (credential and refresh cookie gone) while the client still holds _auth.
    await context.clearCookies({ name: 'access_token' });
    await context.clearCookies({ name: '_refresh' });
    await page.reload();
    await page.locator(BANNER).waitFor();
    await page.getByText(AUTH_MESSAGES.profileLoadFailed).waitFor();
    await page.locator(BANNER).getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.locator(BANNER).waitFor({ state: 'detached', timeout: 3000 }); // spec §2: going to /login hides it
    await fillLogin(page, account.email, account.password);
    await page.waitForURL((u) => u.pathname === '/profile');
    await expect.poll(() => page.getByTestId('profile-email').textContent()).toBe(account.email);
    expect(await page.locator(BANNER).count()).toBe(0);
    await context.close();
  });
});

describe('password reset by mail and Google sign-in (own server with SMTP and a loopback OIDC provider)', () => {
  let browser: Browser;
  let server: RunningServer;
  let mailbox: TestMailbox;
  let google: GoogleStandIn;
  let identity: Record<string, unknown> = {};

  beforeAll(async () => {
    mailbox = await startTestMailbox();
    google = await startGoogleStandIn(() => identity);
    [server, browser] = await Promise.all([
      startServer({
        SMTP_URL: mailbox.url,
        DEMO_SYMBOLS: '10',
        ...google.env,
      }),
      sharedBrowser(),
    ]);
  });
  afterAll(async () => {
    await server?.stop();
    await mailbox?.close();
    await google?.stop();
  });

  it('forgot password → mail → new password → login', async () => {
    const { page, context } = await newPage(browser, { baseURL: server.url });
    const email = uniqueEmail('reset');
    await signUpViaApi(page, email, TEST_PASSWORD, server.url);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((u) => u.pathname === '/forgot-password');
    // The router keeps the login form (with its own Email field) on screen until the lazily loaded
    // page has rendered; fill the field only once the reset form is there.
    await page.getByRole('button', { name: 'Send reset link' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(AUTH_MESSAGES.resetEmailSent).waitFor();

    const link = resetLinkIn(await mailbox.next(email));
    expect(link.url.startsWith(`${server.url}/password-reset-confirm/`)).toBe(true);
    await page.goto(link.url);
    await page.getByLabel('New password', { exact: true }).fill('Fresh-Start-2025');
    await page.getByLabel('Confirm new password').fill('Fresh-Start-2024');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText(AUTH_MESSAGES.resetConfirmMismatch, { exact: true }).waitFor();
    await page.getByLabel('Confirm new password').fill('Fresh-Start-2025');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText(AUTH_MESSAGES.resetConfirmSuccess).waitFor();
    const shownAt = Date.now();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(Date.now() - shownAt).toBeGreaterThan(1500); // the spec's 2-second delay

    await fillLogin(page, email, TEST_PASSWORD);
    await page.getByText('Unable to log in with provided credentials.').waitFor();
    await fillLogin(page, email, 'Fresh-Start-2025');
    await page.waitForURL((u) => u.pathname === '/');

    // The link works once.
    await page.goto(link.url);
    await page.getByLabel('New password', { exact: true }).fill('Third-Time-Lucky-1');
    await page.getByLabel('Confirm new password').fill('Third-Time-Lucky-1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('This password reset link is invalid or has expired.').waitFor();
    await context.close();
  });

  it('signs in with Google: a new user, then the same user returning', async () => {
    identity = { sub: 'google-e2e-1', email: 'e2e.google@example.com', email_verified: true, given_name: 'Grace', family_name: 'Hopper' };
    for (const round of ['new', 'returning'] as const) {
      const { page, context } = await newPage(browser, { baseURL: server.url });
      await page.goto('/login');
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.waitForURL((u) => u.origin === new URL(server.url).origin && u.pathname === '/', { timeout: 20_000 });
      expect(page.url()).not.toContain('code='); // spec §4: login clears the query string
      await page.goto('/profile');
      await expect.poll(() => page.getByTestId('profile-email').textContent()).toBe('e2e.google@example.com');
      expect(await page.getByTestId('profile-first-name').textContent()).toBe('Grace');
      if (round === 'new') {
        // Mark the account, so the returning round proves it lands in the same one.
        await page.getByRole('button', { name: 'Edit' }).click();
        await page.getByLabel('Last name').fill('Hopper (returning)');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText(AUTH_MESSAGES.profileUpdated).waitFor();
      } else {
        expect(await page.getByTestId('profile-last-name').textContent()).toBe('Hopper (returning)');
      }
      await context.close();
    }
  });

  it('hides the Google button when Google is not configured', async () => {
    const { page, context } = await newPage(browser); // the shared server has no Google settings
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await page.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0);
    await context.close();
  });
});
