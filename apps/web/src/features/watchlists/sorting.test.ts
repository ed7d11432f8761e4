import { describe, expect, it } from 'vitest';
import type { WatchlistRow } from '@app/contract';
import { ariaSort, moveItem, nextSort, sortRows } from './sorting.ts';

const row = (symbol: string, change_pct: number | null, rsi14: number | null = null): WatchlistRow => ({
  symbol, name: null, date: null, close: null, change: null, change_pct, sparkline: [], rsi14, sma50_dist_pct: null, sma200_dist_pct: null,
});
const symbols = (rows: WatchlistRow[]) => rows.map((r) => r.symbol);

describe('sortRows', () => {
  const rows = [row('MSFT', 1.5), row('AAPL', null), row('TSLA', -2), row('AMZN', 3)];
  it('keeps the list order without a sort', () => {
    expect(symbols(sortRows(rows, null))).toEqual(['MSFT', 'AAPL', 'TSLA', 'AMZN']);
  });
  it('sorts numbers both ways with missing values last', () => {
    expect(symbols(sortRows(rows, { key: 'change_pct', direction: 'desc' }))).toEqual(['AMZN', 'MSFT', 'TSLA', 'AAPL']);
    expect(symbols(sortRows(rows, { key: 'change_pct', direction: 'asc' }))).toEqual(['TSLA', 'MSFT', 'AMZN', 'AAPL']);
  });
  it('sorts symbols alphabetically', () => {
    expect(symbols(sortRows(rows, { key: 'symbol', direction: 'asc' }))).toEqual(['AAPL', 'AMZN', 'MSFT', 'TSLA']);
  });
  it('does not change the rows it is given', () => {
    sortRows(rows, { key: 'symbol', direction: 'asc' });
    expect(symbols(rows)).toEqual(['MSFT', 'AAPL', 'TSLA', 'AMZN']);
  });
});

describe('nextSort', () => {
  it('goes descending, ascending, then back to the list order (symbols start ascending)', () => {
    const a = nextSort(null, 'rsi14');
    expect(a).toEqual({ key: 'rsi14', direction: 'desc' });
    const b = nextSort(a, 'rsi14');
    expect(b).toEqual({ key: 'rsi14', direction: 'asc' });
    expect(nextSort(b, 'rsi14')).toBeNull();
    expect(nextSort(b, 'symbol')).toEqual({ key: 'symbol', direction: 'asc' });
    expect(ariaSort(b, 'rsi14')).toBe('ascending');
    expect(ariaSort(b, 'close')).toBe('none');
  });
});

describe('moveItem', () => {
  it('moves an item up or down and clamps at the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 9)).toEqual(['a', 'b', 'c']);
  });
});
