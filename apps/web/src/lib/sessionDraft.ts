import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';

// Unsaved input kept for the browser tab's session (sessionStorage): what a user typed survives a trip
// to the login page and back, a reload, or a session that expired mid-edit; it is gone with the tab.

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

/** useState whose value is kept in sessionStorage under `key` (restored through `restore`, which
 *  checks the stored shape). `enabled` false neither reads nor writes (e.g. an edit form of a saved row). */
export function useSessionDraft<T>(key: string, initial: T, restore: (stored: unknown) => T | null, enabled = true): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState<T>(() => (enabled ? (readDraft(key, restore) ?? initial) : initial));
  useEffect(() => {
    if (enabled) writeDraft(key, value);
  }, [key, value, enabled]);
  return [value, setValue];
}
