// Sorting of the results table (spec §4): the same column toggles ascending/descending; with every
// result on screen (no next page) the sort runs here, otherwise the server re-scans in the new order.
import { compareScanResults, DEFAULT_ORDERING, type OrderingField, type ScanResult } from '@app/contract';

export interface SortState {
  field: OrderingField;
  desc: boolean;
}

export const DEFAULT_SORT: SortState = { field: DEFAULT_ORDERING.replace(/^-/, '') as OrderingField, desc: DEFAULT_ORDERING.startsWith('-') };

/** The sort after a click on `field`'s header: the same column flips direction, another starts ascending. */
export const nextSort = (current: SortState, field: OrderingField): SortState =>
  current.field === field ? { field, desc: !current.desc } : { field, desc: false };

/** The `ordering` query parameter of a sort (DRF style: '-' for descending). */
export const orderingParam = (s: SortState) => (s.desc ? `-${s.field}` : s.field);

/** How a new sort is applied: nothing to sort yet, sort what is loaded, or ask the server again. */
export function sortMode(hasResults: boolean, next: string | null): 'none' | 'client' | 'server' {
  if (!hasResults) return 'none';
  return next === null ? 'client' : 'server';
}

/** The loaded results in the given order, with the server's rules (nulls last, ties by symbol). */
export const sortLocally = (results: readonly ScanResult[], s: SortState): ScanResult[] => [...results].sort(compareScanResults(s.field, s.desc));

/** aria-sort of a header. */
export const ariaSort = (s: SortState, field: OrderingField): 'ascending' | 'descending' | 'none' =>
  s.field !== field ? 'none' : s.desc ? 'descending' : 'ascending';
