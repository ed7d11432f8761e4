import { useState } from 'react';

/** Which rows of a table have their details line open, and a toggle for one row (by its key). */
export function useOpenRows<K>() {
  const [open, setOpen] = useState<ReadonlySet<K>>(new Set());
  const toggle = (key: K) =>
    setOpen((s) => {
      const next = new Set(s);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  return [open, toggle] as const;
}
