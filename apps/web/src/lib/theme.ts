import { useSyncExternalStore } from 'react';

// The theme state of spec §4: the saved value under `theme`, else the OS dark preference, else light.
// Toggling saves the choice and sets the `dark` class on <html> (Tailwind's dark variant keys on it).
// static/theme-init.js applies the same rule before first paint (CSP forbids inline scripts);
// keep the two in step.

export type Theme = 'light' | 'dark';
export const THEME_KEY = 'theme';

function savedTheme(): Theme | null {
  try {
    const v = localStorage.getItem(THEME_KEY);
    return v === 'light' || v === 'dark' ? v : null;
  } catch {
    return null; // storage disabled (privacy mode): fall back to the OS preference
  }
}

function osTheme(): Theme {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function initialTheme(): Theme {
  return savedTheme() ?? osTheme();
}

export function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme; // native controls and scrollbars follow
}

let current: Theme = typeof document === 'undefined' ? 'light' : initialTheme();
const listeners = new Set<() => void>();

export function getTheme(): Theme {
  return current;
}

export function setTheme(theme: Theme) {
  current = theme;
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // not persisted, still applied
  }
  applyTheme(theme);
  listeners.forEach((l) => l());
}

export function toggleTheme() {
  setTheme(current === 'dark' ? 'light' : 'dark');
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof document !== 'undefined') {
  applyTheme(current);
  // Until the user picks a theme, follow the OS when it switches (e.g. at sunset).
  if (typeof matchMedia === 'function') {
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
      if (savedTheme()) return;
      current = osTheme();
      applyTheme(current);
      listeners.forEach((l) => l());
    });
  }
}

/** The current theme and its toggle; charts can read `theme` to pick their colours. */
export function useTheme(): { theme: Theme; toggle: () => void; setTheme: (t: Theme) => void } {
  const theme = useSyncExternalStore(subscribe, getTheme, () => 'light' as Theme);
  return { theme, toggle: toggleTheme, setTheme };
}
