import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pyFloorDiv } from './fills.ts';

/** A finite double as an exact fraction num / den (den a power of two). */
function fraction(x: number): [bigint, bigint] {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const exp = Number((bits >> 52n) & 0x7ffn);
  const mantissa = (bits & ((1n << 52n) - 1n)) | (exp ? 1n << 52n : 0n);
  const shift = (exp || 1) - 1075; // value = mantissa · 2^shift
  return shift >= 0 ? [mantissa << BigInt(shift), 1n] : [mantissa, 1n << BigInt(-shift)];
}

/** ⌊a / b⌋ of the exact quotient, for positive a and b. */
function exactFloor(a: number, b: number): number {
  const [na, da] = fraction(a);
  const [nb, db] = fraction(b);
  return Number((na * db) / (da * nb));
}

describe("pyFloorDiv (Python's float //)", () => {
  it('gives what Python gives, near whole numbers too', () => {
    expect(pyFloorDiv(7, 2)).toBe(3);
    expect(pyFloorDiv(-7, 2)).toBe(-4);
    expect(pyFloorDiv(7, -2)).toBe(-4);
    expect(pyFloorDiv(1, 0.1)).toBe(9); // 1.0 // 0.1 == 9.0, though 1 / 0.1 rounds to 10
    expect(pyFloorDiv(0.3, 0.1)).toBe(2);
    expect(pyFloorDiv(6, 3)).toBe(2);
  });

  it('is the floor of the exact quotient for positive numbers (what sizing divides)', () => {
    const positive = fc.double({ min: 1e-3, max: 1e7, noNaN: true });
    fc.assert(fc.property(positive, positive, (a, b) => {
      expect(pyFloorDiv(a, b)).toBe(exactFloor(a, b));
    }), { numRuns: 2000 });
    // quotients a hair away from whole numbers, where a / b may round onto one
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.double({ min: 0.01, max: 1000, noNaN: true }), fc.integer({ min: -3, max: 3 }), (k, b, ulps) => {
        let a = k * b;
        for (let i = 0; i < Math.abs(ulps); i++) a = nextAfter(a, ulps > 0);
        expect(pyFloorDiv(a, b)).toBe(exactFloor(a, b));
      }),
      { numRuns: 2000 },
    );
  });
});

/** The next double above (or below) a positive x. */
function nextAfter(x: number, up: boolean): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  view.setBigUint64(0, view.getBigUint64(0) + (up ? 1n : -1n));
  return view.getFloat64(0);
}
