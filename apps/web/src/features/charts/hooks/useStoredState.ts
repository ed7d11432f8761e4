import { useEffect, useReducer } from 'react';

/** A reducer whose state is read from local storage once and written back on every change. */
export function useStoredReducer<S, A>(key: string, reducer: (s: S, a: A) => S, load: (raw: string | null) => S, serialize: (s: S) => string = JSON.stringify) {
  const [state, dispatch] = useReducer(reducer, key, (k) => {
    try {
      return load(localStorage.getItem(k));
    } catch {
      return load(null);
    }
  });
  useEffect(() => {
    try {
      localStorage.setItem(key, serialize(state));
    } catch {
      // storage full or blocked: the layout still works for this visit
    }
  }, [key, state, serialize]);
  return [state, dispatch] as const;
}
