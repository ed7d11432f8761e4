import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword, withSlots } from './passwords.ts';

describe('withSlots', () => {
  it('runs at most its number of calls at once, every call to its end, in the order they came', async () => {
    const inSlot = withSlots(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        inSlot(async () => {
          started.push(i);
          most = Math.max(most, ++running);
          await new Promise((r) => setTimeout(r, 5 + (i % 3) * 5));
          running--;
          if (i === 3) throw new Error('four fails');
          return i * 10;
        }).catch((e: Error) => e.message),
      ),
    );
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results).toEqual([0, 10, 20, 'four fails', 40, 50, 60]);
  });
});

describe('password hashing', () => {
  it('verifies the password hashed and no other, also when many run at once', async () => {
    const hashes = await Promise.all(['first-pass-1', 'second-pass-2', 'third-pass-3'].map(hashPassword));
    const checks = await Promise.all([
      verifyPassword(hashes[0], 'first-pass-1'),
      verifyPassword(hashes[1], 'second-pass-2'),
      verifyPassword(hashes[2], 'first-pass-1'),
      verifyPassword(null, 'first-pass-1'),
    ]);
    expect(checks).toEqual([true, true, false, false]);
  });
});
