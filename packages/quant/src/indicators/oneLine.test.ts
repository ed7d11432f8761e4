// ADX and Bollinger Bands asked for one line give that line exactly as the full call does (the other
// lines go to scratch memory and come back empty), whatever was computed before.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { barsArb } from '../test/arbitraries.ts';
import { adx } from './adx.ts';
import { bbands } from './bbands.ts';

describe('one line of a many-line indicator', () => {
  it('ADX, +DI or −DI alone equal the full call, bit for bit', () => {
    fc.assert(fc.property(barsArb(0, 200), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 3 }), (bars, period, offset) => {
      const full = adx(bars.high, bars.low, bars.close, period, offset);
      for (const line of ['adx', 'plusDi', 'minusDi'] as const) {
        const one = adx(bars.high, bars.low, bars.close, period, offset, line);
        expect(one[line]).toEqual(full[line]);
        for (const other of ['adx', 'plusDi', 'minusDi'] as const) if (other !== line) expect(one[other]).toHaveLength(0);
      }
    }), { numRuns: 80 });
  });

  it('one Bollinger band alone equals the full call, bit for bit', () => {
    fc.assert(fc.property(barsArb(0, 200), fc.integer({ min: 1, max: 30 }), fc.constantFrom(1, 2, 2.5), fc.integer({ min: 0, max: 3 }), (bars, period, k, offset) => {
      const full = bbands(bars.close, period, k, offset, false);
      for (const band of ['upper', 'middle', 'lower'] as const) {
        const one = bbands(bars.close, period, k, offset, false, band);
        expect(one[band]).toEqual(full[band]);
        for (const other of ['upper', 'middle', 'lower'] as const) if (other !== band) expect(one[other]).toHaveLength(0);
      }
    }), { numRuns: 80 });
  });
});
