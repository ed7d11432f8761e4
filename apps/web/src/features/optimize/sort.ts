import type { OptimizationResult } from '@app/contract';

// Sorting the table of best cells: by rank (the objective's order, as the API lists them), a
// parameter's value, the objective, or a statistic. Missing values sort last either way.

export type SortKey = { kind: 'rank' } | { kind: 'value' } | { kind: 'param'; k: number } | { kind: 'stat'; key: string };
type TopCell = OptimizationResult['top'][number];

const keyOf = (cell: TopCell, rank: number, key: SortKey): number | string | null => {
  switch (key.kind) {
    case 'rank':
      return rank;
    case 'value':
      return cell.value;
    case 'param':
      return cell.params[key.k] ?? null;
    case 'stat': {
      const v = cell.stats[key.key];
      return typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' ? v : null;
    }
  }
};

/** The cells with their rank (1 = best), in the order asked; ties keep the rank order. */
export function sortCells(top: readonly TopCell[], key: SortKey, desc: boolean): { cell: TopCell; rank: number }[] {
  const rows = top.map((cell, k) => ({ cell, rank: k + 1, v: keyOf(cell, k + 1, key) }));
  rows.sort((a, b) => {
    if (a.v === null || b.v === null) return a.v === b.v ? a.rank - b.rank : a.v === null ? 1 : -1;
    const c = typeof a.v === 'number' && typeof b.v === 'number' ? a.v - b.v : String(a.v).localeCompare(String(b.v));
    return (desc ? -c : c) || a.rank - b.rank;
  });
  return rows.map(({ cell, rank }) => ({ cell, rank }));
}
