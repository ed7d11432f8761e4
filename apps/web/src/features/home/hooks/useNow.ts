import { useEffect, useState } from 'react';

/** The home clock's tick (spec §9: 1000 ms). */
export const CLOCK_TICK_MS = 1000;

/** The current time, re-rendered every `intervalMs`. */
export function useNow(intervalMs = CLOCK_TICK_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
