// The scan's state machine (spec §4): idle → scanning → results | empty | error; Load More follows
// `next`; a sort change sorts what is loaded when every result is on screen, else re-scans in that order.
import { useCallback, useRef, useState } from 'react';
import { indicatorColumnsOfRows, type FilterRow, type IndicatorColumn, type OrderingField, type ScanEmptyReason, type ScanResult } from '@app/contract';
import { fetchScanPage, scanUrl } from '../api/scanner.ts';
import { scanErrorMessage } from '../errors.ts';
import { UnexpectedFormatError } from '../scanPage.ts';
import { DEFAULT_SORT, nextSort, orderingParam, sortLocally, sortMode, type SortState } from '../sorting.ts';
import { SCANNER_MESSAGES } from '../texts.ts';

export interface ScannerState {
  scanning: boolean;
  loadingMore: boolean;
  /** A scan has answered (results may still be empty). */
  scanned: boolean;
  results: ScanResult[];
  /** the columns of the indicators the shown results were filtered on (the rows as scanned, not as edited since) */
  indicators: IndicatorColumn[];
  count: number;
  next: string | null;
  /** Why the last scan found nothing (the filter that removed the most listings), when it says. */
  emptyReason: ScanEmptyReason | null;
  sort: SortState;
  error: string | null;
  loadMoreError: string | null;
}

const initial: ScannerState = {
  scanning: false,
  loadingMore: false,
  scanned: false,
  results: [],
  indicators: [],
  count: 0,
  next: null,
  emptyReason: null,
  sort: DEFAULT_SORT,
  error: null,
  loadMoreError: null,
};

const messageOf = (e: unknown, fallback: string) => (e instanceof UnexpectedFormatError ? SCANNER_MESSAGES.unexpectedFormat : scanErrorMessage(e, fallback));

export function useScanner() {
  const [state, setState] = useState<ScannerState>(initial);
  // Only the latest request may write results (a slow first scan must not overwrite a rescan).
  const seq = useRef(0);
  const current = useRef(state);
  current.current = state;

  const scan = useCallback(async (rows: FilterRow[], sort: SortState = current.current.sort) => {
    const my = ++seq.current;
    setState((s) => ({ ...s, sort, scanning: true, loadingMore: false, error: null, loadMoreError: null }));
    try {
      const page = await fetchScanPage(scanUrl(rows, orderingParam(sort)));
      if (my !== seq.current) return;
      const indicators = indicatorColumnsOfRows(rows);
      setState((s) => ({ ...s, scanning: false, scanned: true, results: page.results, indicators, count: page.count, next: page.next, emptyReason: page.empty_reason ?? null }));
    } catch (e) {
      if (my !== seq.current) return;
      const error = messageOf(e, SCANNER_MESSAGES.scanFailed);
      // An expired session keeps what is on screen (the dialog explains); other failures clear it.
      if (error === null) return setState((s) => ({ ...s, scanning: false }));
      setState((s) => ({ ...s, scanning: false, scanned: false, results: [], count: 0, next: null, emptyReason: null, error }));
    }
  }, []);

  const loadMore = useCallback(async () => {
    const { next } = current.current;
    if (!next) return;
    const my = ++seq.current;
    setState((s) => ({ ...s, loadingMore: true, loadMoreError: null }));
    try {
      const page = await fetchScanPage(next);
      if (my !== seq.current) return;
      setState((s) => ({ ...s, loadingMore: false, results: [...s.results, ...page.results], count: page.count, next: page.next }));
    } catch (e) {
      if (my !== seq.current) return;
      setState((s) => ({ ...s, loadingMore: false, loadMoreError: messageOf(e, SCANNER_MESSAGES.loadMoreFailed) }));
    }
  }, []);

  const changeSort = useCallback(
    (field: OrderingField, rows: FilterRow[]) => {
      const s = current.current;
      const sort = nextSort(s.sort, field);
      const mode = sortMode(s.results.length > 0, s.next);
      if (mode === 'server') return void scan(rows, sort);
      setState((st) => ({ ...st, sort, results: mode === 'client' ? sortLocally(st.results, sort) : st.results }));
    },
    [scan],
  );

  return { ...state, scan, loadMore, changeSort };
}
