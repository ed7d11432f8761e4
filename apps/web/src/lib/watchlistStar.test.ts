import { describe, expect, it } from 'vitest';
import { defaultList } from './watchlistStar.ts';

describe('defaultList (the list one star click adds to)', () => {
  const lists = [{ id: 4 }, { id: 9 }];
  it('is the last list used while it exists', () => {
    expect(defaultList(lists, 9)).toBe(9);
  });
  it('falls back to the first list when the last one used is gone or unknown', () => {
    expect(defaultList(lists, 12)).toBe(4);
    expect(defaultList(lists, null)).toBe(4);
  });
  it('is none without lists (the first star creates one)', () => {
    expect(defaultList([], 9)).toBeNull();
  });
});
