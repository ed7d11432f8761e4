import { useEffect } from 'react';

// Unsaved input carried across a sign-in in the browser tab's session (sessionStorage): what a user
// typed survives the trip to the login page and back (also through sign-up, or after a session expired
// mid-edit); it is gone with the tab.

const PREFIX = 'draft:';

/** The stored draft, or null when there is none, it does not parse, or `restore` refuses it. */
export function readDraft<T>(key: string, restore: (stored: unknown) => T | null): T | null {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    return raw === null ? null : restore(JSON.parse(raw));
  } catch {
    return null; // no storage (private mode), or not JSON
  }
}

export function writeDraft(key: string, value: unknown) {
  try {
    if (value === null || value === undefined) sessionStorage.removeItem(PREFIX + key);
    else sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // full or unavailable storage: the draft is a convenience, the form still works
  }
}

/** Keeps `value` under `key` while `keep` holds (signed out, or the session expired: a sign-in is
 *  coming), so the screen can read it back with readDraft when it mounts again after the login. A
 *  mount forgets what was kept before: a draft is carried across one sign-in, not forever. */
export function useKeptDraft(key: string, value: unknown, keep: boolean) {
  useEffect(() => writeDraft(key, null), [key]);
  useEffect(() => {
    if (keep) writeDraft(key, value);
  }, [key, value, keep]);
}
