import { describe, expect, it } from 'vitest';
import { count, MARKET_DATA_TEXT, utcTime } from './texts.ts';

describe('the Market data page words', () => {
  it('writes counts with thousands separators and times in UTC to the minute', () => {
    expect(count(1600)).toBe('1,600');
    expect(count(12)).toBe('12');
    expect(utcTime('2026-11-02T10:07:30.000Z')).toBe('2026-11-02 10:07 UTC');
  });

  it('gives the README commands to load real data, one per step', () => {
    const commands = MARKET_DATA_TEXT.loadSteps.map((s) => s.command);
    expect(commands[0]).toMatch(/^npm run data -- import /);
    expect(commands).toContain('npm run data -- status');
    expect(commands[2]).toMatch(/^MARKET_PROVIDERS=\S+ npm run data -- update$/);
  });
});
