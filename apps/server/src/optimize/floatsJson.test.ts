import { describe, expect, it } from 'vitest';
import { floatsFromJson, floatsToJson } from './floatsJson.ts';

describe('floats in stored JSON', () => {
  it('come back bit for bit through JSON text, −0, NaN and extremes included', () => {
    const values = Float64Array.from([0, -0, 1.5, -1e-300, Number.MAX_VALUE, Number.MIN_VALUE, NaN, Infinity, 0.1 + 0.2, Math.PI]);
    const back = floatsFromJson(JSON.parse(JSON.stringify(floatsToJson(values))));
    expect(back).toHaveLength(values.length);
    values.forEach((v, i) => expect(Object.is(back[i], v)).toBe(true));
  });

  it('read a view into a bigger buffer as the view alone', () => {
    const whole = Float64Array.from([9, 1, 2, 3, 9]);
    expect(Array.from(floatsFromJson(floatsToJson(whole.subarray(1, 4))))).toEqual([1, 2, 3]);
  });

  it('read the plain arrays of numbers stored before', () => {
    expect(Array.from(floatsFromJson([1, -2.5, 3]))).toEqual([1, -2.5, 3]);
  });
});
