import { describe, expect, it } from 'vitest';
import { keyedRange } from './chartKeys.ts';

describe('chart keys', () => {
  const view = { from: 100, to: 200 };
  it('arrows scroll a tenth of the view, + and − zoom around its middle, Home and End go to the ends', () => {
    expect(keyedRange('ArrowLeft', view, 1000)).toEqual({ from: 90, to: 190 });
    expect(keyedRange('ArrowRight', view, 1000)).toEqual({ from: 110, to: 210 });
    expect(keyedRange('+', view, 1000)).toEqual({ from: 125, to: 175 });
    expect(keyedRange('-', view, 1000)).toEqual({ from: 50, to: 250 });
    expect(keyedRange('Home', view, 1000)).toEqual({ from: 0, to: 100 });
    expect(keyedRange('End', view, 1000)).toEqual({ from: 899, to: 999 });
  });
  it('leaves other keys to the page, and does not zoom in past a few bars', () => {
    expect(keyedRange('Tab', view, 1000)).toBeNull();
    expect(keyedRange('a', view, 1000)).toBeNull();
    expect(keyedRange('+', { from: 10, to: 13 }, 1000)).toEqual({ from: 10, to: 13 });
  });
});
