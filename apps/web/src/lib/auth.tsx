import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AUTH_MESSAGES, endpoints } from '@app/contract';
import { getCookie, removeCookie, setCookie } from './cookies.ts';
import { call, SESSION_EXPIRED_EVENT, SESSION_RESTORED_EVENT } from './api.ts';

// The auth state machine of spec §4, driven by the `_auth` cookie (a copy of the access token,
// read only for its `exp`; the credential itself is an httpOnly cookie set by the server).
// Refinements the spec leaves open: while a tab is open the session is renewed through the
// httpOnly `_refresh` cookie shortly before the token expires; when an API call finds the session
// gone (session-expired event) one renewal is tried, and if that fails the session is marked
// expired so /login accepts a new login and returns the user to the page they were on.

export const AUTH_COOKIE = '_auth';
export const REFRESH_COOKIE = '_refresh';
const AUTH_COOKIE_MAX_AGE = 24 * 3600; // spec §9: 1 day
const RENEW_BEFORE_EXPIRY_MS = 5 * 60_000;

export interface AuthState {
  isAuthenticated: boolean;
  loading: boolean;
  /** True after the server refused the session (and renewal failed) until the next login or logout. */
  sessionExpired: boolean;
  /** Where the user was when the session expired (path + query), for returning after login. */
  expiredFrom: string | null;
  login(token: string): void;
  logout(): Promise<void>;
}

/** Reads the exp claim (seconds) of a JWT; undefined when the token cannot be parsed. */
export function tokenExp(token: string): number | undefined {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.exp === 'number' ? payload.exp : undefined;
  } catch {
    return undefined;
  }
}

/** The start-up check of spec §4. */
export function checkAuthCookie(): boolean {
  const token = getCookie(AUTH_COOKIE);
  if (!token) return false;
  const exp = tokenExp(token);
  if (exp === undefined) {
    console.warn(AUTH_MESSAGES.invalidTokenConsole);
    return true;
  }
  if (exp * 1000 <= Date.now()) {
    console.log(AUTH_MESSAGES.tokenExpiredConsole);
    removeCookie(AUTH_COOKIE);
    return false;
  }
  return true;
}

/** Trades the httpOnly `_refresh` cookie for a new access token; null when the server refuses.
 *  A refused renewal must not raise another session-expired event. */
async function renewSession(): Promise<string | null> {
  try {
    const body = await call(endpoints.auth.refresh, { body: {} }, { notifyAuthFailure: false });
    return body.access || null;
  } catch {
    return null;
  }
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [isAuthenticated, setAuthenticated] = useState(false);
  const [loading, setLoading] = useState(true);
  const [sessionExpired, setSessionExpired] = useState(false);
  const [expiredFrom, setExpiredFrom] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const renewing = useRef<Promise<string | null> | null>(null);

  useEffect(() => {
    const ok = checkAuthCookie();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- spec §4: loading until the cookie check has run after mount
    setAuthenticated(ok);
    if (ok) setToken(getCookie(AUTH_COOKIE));
    setLoading(false);
  }, []);

  /** The signed-in state for a (new or renewed) access token. */
  const storeToken = useCallback((token: string) => {
    setCookie(AUTH_COOKIE, token, AUTH_COOKIE_MAX_AGE);
    setToken(token);
    setAuthenticated(true);
    setSessionExpired(false);
    setExpiredFrom(null);
    window.dispatchEvent(new Event(SESSION_RESTORED_EVENT));
  }, []);

  const login = useCallback(
    (token: string) => {
      if (!token) throw new Error(AUTH_MESSAGES.noTokenToLogin);
      // spec §4: clear the URL's query string and hash (they may hold an OAuth code)
      window.history.replaceState(window.history.state, '', window.location.pathname);
      storeToken(token);
    },
    [storeToken],
  );

  const logout = useCallback(async () => {
    setAuthenticated(false);
    setSessionExpired(false);
    setExpiredFrom(null);
    setToken(null);
    removeCookie(AUTH_COOKIE);
    removeCookie(REFRESH_COOKIE);
    try {
      // The server clears its httpOnly cookies (credential and _refresh) and revokes the refresh token.
      await call(endpoints.auth.logout, {}, { notifyAuthFailure: false });
    } catch {
      // signed out locally either way
    }
  }, []);

  /** One renewal at a time, however many requests failed together. */
  const renew = useCallback(() => {
    renewing.current ??= renewSession().finally(() => {
      renewing.current = null;
    });
    return renewing.current;
  }, []);

  // Renew shortly before the token expires while the tab stays open.
  useEffect(() => {
    if (!isAuthenticated || !token) return;
    const exp = tokenExp(token);
    if (exp === undefined) return;
    const timer = window.setTimeout(
      async () => {
        const access = await renew();
        if (access) storeToken(access);
      },
      Math.max(0, exp * 1000 - Date.now() - RENEW_BEFORE_EXPIRY_MS),
    );
    return () => window.clearTimeout(timer);
  }, [isAuthenticated, token, renew, storeToken]);

  // The server refused the session: try one renewal, else remember that it expired and where.
  useEffect(() => {
    const onExpired = async () => {
      if (!getCookie(AUTH_COOKIE) && !isAuthenticated) return; // signed-out visitor: nothing to renew
      const from = window.location.pathname + window.location.search;
      const access = await renew();
      if (access) return storeToken(access);
      removeCookie(AUTH_COOKIE);
      setSessionExpired(true);
      setExpiredFrom((prev) => prev ?? from);
    };
    const listener = () => void onExpired();
    window.addEventListener(SESSION_EXPIRED_EVENT, listener);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, listener);
  }, [isAuthenticated, renew, storeToken]);

  const value = useMemo(
    () => ({ isAuthenticated, loading, sessionExpired, expiredFrom, login, logout }),
    [isAuthenticated, loading, sessionExpired, expiredFrom, login, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}
