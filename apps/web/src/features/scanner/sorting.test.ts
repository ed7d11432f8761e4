import { describe, expect, it } from 'vitest';
import type { ScanResult } from '@app/contract';
import { ariaSort, DEFAULT_SORT, nextSort, orderingParam, sortLocally, sortMode } from './sorting.ts';

const result = (symbol: string, over: Partial<ScanResult> = {}): ScanResult => ({
  symbol, name: symbol, price: 10, diff: 0, chg: 0, sector: 'Technology', market: 'NASDAQ', market_cap: 1, volume: 1,
  vol_avg: null, sma: null, ema: null, rsi: null, quickratio: null, roe: null, ...over,
});

describe('results sorting', () => {
  it('starts at descending volume and toggles the same column', () => {
    expect(DEFAULT_SORT).toEqual({ field: 'volume', desc: true });
    expect(orderingParam(DEFAULT_SORT)).toBe('-volume');
    const byPrice = nextSort(DEFAULT_SORT, 'price');
    expect(byPrice).toEqual({ field: 'price', desc: false });
    expect(orderingParam(byPrice)).toBe('price');
    expect(nextSort(byPrice, 'price')).toEqual({ field: 'price', desc: true });
    expect(nextSort(nextSort(byPrice, 'price'), 'price')).toEqual({ field: 'price', desc: false });
    expect(nextSort(DEFAULT_SORT, 'volume')).toEqual({ field: 'volume', desc: false });
  });

  it('sorts on the client only when no next page exists', () => {
    expect(sortMode(false, null)).toBe('none');
    expect(sortMode(true, null)).toBe('client');
    expect(sortMode(true, '/api/scanner/stocks/?page=2')).toBe('server');
  });

  it('sorts loaded results with nulls last in both directions and ties by symbol', () => {
    const rs = [result('B', { chg: 2 }), result('A', { chg: null }), result('C', { chg: -1 }), result('D', { chg: 2 })];
    expect(sortLocally(rs, { field: 'chg', desc: false }).map((r) => r.symbol)).toEqual(['C', 'B', 'D', 'A']);
    expect(sortLocally(rs, { field: 'chg', desc: true }).map((r) => r.symbol)).toEqual(['B', 'D', 'C', 'A']);
    expect(sortLocally(rs, { field: 'symbol', desc: true }).map((r) => r.symbol)).toEqual(['D', 'C', 'B', 'A']);
    expect(rs.map((r) => r.symbol)).toEqual(['B', 'A', 'C', 'D']); // the input is left alone
  });

  it('marks the sorted header for screen readers', () => {
    expect(ariaSort({ field: 'price', desc: true }, 'price')).toBe('descending');
    expect(ariaSort({ field: 'price', desc: false }, 'price')).toBe('ascending');
    expect(ariaSort({ field: 'price', desc: false }, 'name')).toBe('none');
  });
});
