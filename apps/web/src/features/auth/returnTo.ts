import type { Location } from 'react-router';

// Where to go after signing in: the page the guard sent the user away from (location.state.from),
// else the page where the session expired, else home. Kept in sessionStorage across the Google
// redirect, which loses router state.

const KEY = 'auth_return_to';

export function returnPath(state: unknown, expiredFrom: string | null): string {
  const from = (state as { from?: Partial<Location> | string } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/')) return from;
  if (from && typeof from === 'object' && typeof from.pathname === 'string') return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  return expiredFrom ?? '/';
}

export function rememberReturnPath(path: string) {
  sessionStorage.setItem(KEY, path);
}

export function takeReturnPath(): string {
  const p = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return p && p.startsWith('/') && !p.startsWith('//') ? p : '/';
}
