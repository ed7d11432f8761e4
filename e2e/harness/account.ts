import type { Page } from 'playwright-core';
import { baseUrl } from './browser.ts';

// Signs a fresh user up and in for browser tests. Default is through the API (fast): the page's
// context receives the server's httpOnly session cookies and the client's `_auth` copy, exactly as
// after a login on the /login screen. Call it before page.goto(...) (the app reads `_auth` at start),
// or reload afterwards.

export interface TestAccount {
  email: string;
  password: string;
  /** The access token the client keeps in `_auth`. */
  access: string;
}

export const TEST_PASSWORD = 'Trade-Bench-2024!';

let seq = 0;
/** An e-mail no other test (or test file: they share one server) has used. */
export function uniqueEmail(tag = 'user'): string {
  return `${tag}-${Date.now().toString(36)}-${process.pid}-${++seq}@example.com`;
}

/** A client address of its own for each sign-up (the benchmarking range, 198.18.0.0/15): the suite signs up
 *  more users than one address may register in an hour, and the test server trusts the loopback proxy
 *  (TRUST_PROXY, harness/server.ts), so each sign-up counts against its own address as a real visitor's. */
let addressSeq = (process.pid * 97) & 0xffff;
const nextSignUpAddress = () => {
  addressSeq = (addressSeq + 1) & 0xffff;
  return `198.18.${addressSeq >> 8}.${addressSeq & 255}`;
};

/** POST {base}/dj-rest-auth/registration/ from the page's context; throws with the server's answer on failure. */
export async function signUpViaApi(page: Page, email: string, password = TEST_PASSWORD, base = baseUrl()): Promise<void> {
  // Origin as a browser sends it: a context that already holds a session cookie must prove its site.
  const r = await page.request.post(`${base}/dj-rest-auth/registration/`, {
    headers: { origin: base, 'x-forwarded-for': nextSignUpAddress() },
    data: { username: email, email, password1: password, password2: password },
  });
  if (r.status() !== 201) throw new Error(`sign-up of ${email} failed: ${r.status()} ${await r.text()}`);
}

/** POST {base}/dj-rest-auth/login/ and stores `_auth` like the login screen does. */
export async function logInViaApi(page: Page, email: string, password = TEST_PASSWORD, base = baseUrl()): Promise<string> {
  const r = await page.request.post(`${base}/dj-rest-auth/login/`, { headers: { origin: base }, data: { email, password } });
  if (!r.ok()) throw new Error(`login of ${email} failed: ${r.status()} ${await r.text()}`);
  const { access } = (await r.json()) as { access: string };
  await page.context().addCookies([{ name: '_auth', value: access, url: base, sameSite: 'Lax', expires: Math.floor(Date.now() / 1000) + 24 * 3600 }]);
  return access;
}

/** Logs in through the /login screen and waits until it has navigated away from it. */
export async function logInViaUi(page: Page, email: string, password = TEST_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname !== '/login');
}

/** A fresh account, signed in in `page`'s browser context (`base`: another server than the shared one). */
export async function signUpAndLogIn(page: Page, opts: { email?: string; password?: string; via?: 'api' | 'ui'; base?: string } = {}): Promise<TestAccount> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? TEST_PASSWORD;
  const base = opts.base ?? baseUrl();
  await signUpViaApi(page, email, password, base);
  if (opts.via === 'ui') {
    await logInViaUi(page, email, password);
    const auth = (await page.context().cookies()).find((c) => c.name === '_auth');
    return { email, password, access: auth?.value ?? '' };
  }
  return { email, password, access: await logInViaApi(page, email, password, base) };
}
