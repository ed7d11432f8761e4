import type { Location } from 'react-router';

// Where to go after signing in: the page the guard sent the user away from (location.state.from),
// else the page where the session expired, else the destination remembered earlier in this tab, else
// home. The login and sign-up pages pass `from` to each other and remember it in sessionStorage, so it
// survives the sign-up → login detour, a reload of either page, and the Google redirect (which loses
// router state).

const KEY = 'auth_return_to';
/** A remembered destination older than this is stale: the user has long moved on. */
export const RETURN_TO_TTL_MS = 30 * 60_000;

const isLocalPath = (p: unknown): p is string => typeof p === 'string' && p.startsWith('/') && !p.startsWith('//');

/** The path of router state `from` (a path, or a location), or null. */
export function fromPath(state: unknown): string | null {
  const from = (state as { from?: Partial<Location> | string } | null)?.from;
  if (isLocalPath(from)) return from;
  if (from && typeof from === 'object' && isLocalPath(from.pathname)) return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  return null;
}

export function returnPath(state: unknown, expiredFrom: string | null, remembered: string | null = null): string {
  return fromPath(state) ?? expiredFrom ?? remembered ?? '/';
}

export function rememberReturnPath(path: string, now = Date.now()) {
  if (!isLocalPath(path)) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path, at: now }));
  } catch {
    // no storage: the router state still carries it within the tab
  }
}

/** The remembered destination, if recent, without forgetting it. */
export function peekReturnPath(now = Date.now()): string | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    return isLocalPath(path) && typeof at === 'number' && now - at >= 0 && now - at < RETURN_TO_TTL_MS ? path : null;
  } catch {
    return null;
  }
}

/** The remembered destination (home when none), forgotten: called once the user is signed in. */
export function takeReturnPath(now = Date.now()): string {
  const p = peekReturnPath(now);
  forgetReturnPath();
  return p ?? '/';
}

export function forgetReturnPath() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}
