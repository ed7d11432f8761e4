import { describe, expect, it } from 'vitest';
import { contrastRatio, type Rgb } from '../../lib/contrast.ts';
import { scaleColour, textOn } from './heatmap.ts';

const rgb = (css: string): Rgb => {
  const hex = css.startsWith('#') ? css.slice(1).match(/../g)!.map((h) => parseInt(h, 16)) : css.match(/\d+/g)!.map(Number);
  return [hex[0], hex[1], hex[2]];
};

describe('heatmap cell text', () => {
  it('keeps at least 4.5:1 on every colour of the scale', () => {
    for (let i = 0; i <= 200; i++) {
      const t = i / 200;
      expect(contrastRatio(rgb(textOn(t)), rgb(scaleColour(t))), `t = ${t}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
