// Which filter boxes cannot be read right now. A box that cannot read its text must stop the scan
// rather than let its row quietly drop out of the query, so each box reports its message here and the
// page counts, per row, what would be sent and what needs fixing.
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useState } from 'react';

type Report = (rowId: number, boxId: string, error: string | null) => void;

/** Where boxes report (stable for the page's life, so reporting never re-runs for a new value). */
export const BoxErrorReportContext = createContext<Report | null>(null);
/** A scan was refused: every box shows its message, blank ones included. */
export const RevealBoxErrorsContext = createContext(false);
/** The row a box belongs to (the page's row id). */
export const FilterRowIdContext = createContext<number | null>(null);

/** The page's side: the rows that have a box it cannot read, and the function boxes report to. */
export function useBoxErrors() {
  const [errors, setErrors] = useState<ReadonlyMap<string, { rowId: number; error: string }>>(new Map());
  const report = useCallback<Report>((rowId, boxId, error) => {
    setErrors((prev) => {
      const cur = prev.get(boxId);
      if (error === null ? !cur : cur?.error === error && cur.rowId === rowId) return prev;
      const next = new Map(prev);
      if (error === null) next.delete(boxId);
      else next.set(boxId, { rowId, error });
      return next;
    });
  }, []);
  const badRows = useMemo(() => new Set([...errors.values()].map((e) => e.rowId)), [errors]);
  return { badRows, report };
}

/** A box's side: reports its message (null when it reads) while it is on the page; answers whether
 *  a refused scan asked every box to show its message. */
export function useReportBoxError(error: string | null): boolean {
  const report = useContext(BoxErrorReportContext);
  const rowId = useContext(FilterRowIdContext);
  const boxId = useId();
  useEffect(() => {
    if (report && rowId !== null) report(rowId, boxId, error);
  }, [report, rowId, boxId, error]);
  useEffect(
    () => () => {
      if (report && rowId !== null) report(rowId, boxId, null);
    },
    [report, rowId, boxId],
  );
  return useContext(RevealBoxErrorsContext);
}
