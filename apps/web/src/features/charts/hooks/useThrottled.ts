import { useEffect, useRef, useState } from 'react';

/** `value`, passed on at most once every `ms` milliseconds (the latest one wins); at once when ms is 0.
 *  Lets costly work follow a fast-changing input at a rate the user chose. */
export function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    if (ms <= 0) return;
    const wait = Math.max(0, last.current + ms - Date.now());
    const id = setTimeout(() => {
      last.current = Date.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(id);
  }, [value, ms]);
  return ms <= 0 ? value : shown;
}
