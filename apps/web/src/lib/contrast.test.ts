import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast.ts';

describe('contrastRatio', () => {
  it('gives WCAG’s figures: 21 for black on white, 1 for a colour on itself, either order', () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrastRatio([255, 255, 255], [0, 0, 0])).toBeCloseTo(21, 5);
    expect(contrastRatio([33, 145, 140], [33, 145, 140])).toBe(1);
    // Tailwind's slate-500 on white, as axe-core reports it
    expect(contrastRatio([0x62, 0x74, 0x8e], [255, 255, 255])).toBeCloseTo(4.76, 2);
  });
});
