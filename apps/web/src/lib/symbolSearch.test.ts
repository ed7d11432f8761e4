import { describe, expect, it } from 'vitest';
import { SYMBOL_SEARCH_TEXT } from '../components/symbolSearchText.ts';
import { moveActive, searchTerm } from './symbolSearch.ts';

describe('the symbol box', () => {
  it('asks for the trimmed text, inner spaces collapsed, at most 50 characters', () => {
    expect(searchTerm('  bank   of  ')).toBe('bank of');
    expect(searchTerm('   ')).toBe('');
    expect(searchTerm('x'.repeat(60))).toHaveLength(50);
  });

  it('moves the highlighted option with the arrow keys, wrapping at both ends', () => {
    expect(moveActive(-1, 'ArrowDown', 3)).toBe(0);
    expect(moveActive(0, 'ArrowDown', 3)).toBe(1);
    expect(moveActive(2, 'ArrowDown', 3)).toBe(0);
    expect(moveActive(-1, 'ArrowUp', 3)).toBe(2);
    expect(moveActive(0, 'ArrowUp', 3)).toBe(2);
    expect(moveActive(2, 'ArrowUp', 3)).toBe(1);
    expect(moveActive(1, 'Home', 3)).toBe(0);
    expect(moveActive(0, 'End', 3)).toBe(2);
    expect(moveActive(0, 'ArrowDown', 0)).toBe(-1);
  });

  it('says which market is loaded when a ticker is not in it', () => {
    expect(SYMBOL_SEARCH_TEXT.notInMarket('AAPL', true, 1600)).toBe(
      'AAPL is not in the loaded market: the demo market has fictional listings (see Market data to load real ones). Pick one of these:',
    );
    expect(SYMBOL_SEARCH_TEXT.notInMarket('ZZZZ', false, 8123)).toBe('ZZZZ is not among the 8,123 listings of the loaded market. Pick one of these:');
  });
});
