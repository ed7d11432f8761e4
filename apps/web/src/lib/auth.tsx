import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getCookie, removeCookie, setCookie } from './cookies.ts';
import { SESSION_RESTORED_EVENT } from './api.ts';

// The auth state machine of spec §4, driven by the `_auth` cookie (a copy of the access token,
// read only for its `exp`; the credential itself is an httpOnly cookie set by the server).

export const AUTH_COOKIE = '_auth';
export const REFRESH_COOKIE = '_refresh';
const AUTH_COOKIE_MAX_AGE = 24 * 3600; // spec §9: 1 day

export interface AuthState {
  isAuthenticated: boolean;
  loading: boolean;
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
    console.warn('Invalid token format, treating as valid for now');
    return true;
  }
  if (exp * 1000 <= Date.now()) {
    console.log('Token expired, removing from cookies');
    removeCookie(AUTH_COOKIE);
    return false;
  }
  return true;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [isAuthenticated, setAuthenticated] = useState(false);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    setAuthenticated(checkAuthCookie());
    setLoading(false);
  }, []);

  const login = useCallback((token: string) => {
    if (!token) throw new Error('no token provided to login function');
    setCookie(AUTH_COOKIE, token, AUTH_COOKIE_MAX_AGE);
    setAuthenticated(true);
    // spec §4: clear the URL's query string and hash (they may hold an OAuth code)
    window.history.replaceState(window.history.state, '', window.location.pathname);
    window.dispatchEvent(new Event(SESSION_RESTORED_EVENT));
  }, []);

  const logout = useCallback(async () => {
    setAuthenticated(false);
    removeCookie(AUTH_COOKIE);
    removeCookie(REFRESH_COOKIE);
    try {
      await fetch('/dj-rest-auth/logout/', { method: 'POST', credentials: 'include' });
    } catch {
      // signed out locally either way
    }
  }, []);

  const value = useMemo(() => ({ isAuthenticated, loading, login, logout }), [isAuthenticated, loading, login, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}
