// An optimiser whose objective reads only the equity runs cells counting their trades instead of
// recording them: the cash, and so every bar's equity, must come out the same to the last bit.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { barsArb, exitTemplateArb } from './test/arbitraries.ts';
import { runTemplate } from './engine.ts';
import { normalizeTemplate, TemplateError, type Template } from './template.ts';

describe('counting trades instead of recording them', () => {
  it('gives the same equity on every bar and the same number of trades', () => {
    fc.assert(fc.property(barsArb(2, 200), exitTemplateArb, (bars, input) => {
      let t: Template;
      try {
        t = normalizeTemplate(input);
      } catch (e) {
        if (e instanceof TemplateError) return;
        throw e;
      }
      const recorded = runTemplate(bars, t, new Map());
      const counted = runTemplate(bars, t, new Map(), { trades: false });
      expect(counted.trades).toHaveLength(0);
      expect(counted.tradeCount).toBe(recorded.trades.length);
      expect(recorded.tradeCount).toBe(recorded.trades.length);
      expect(counted.equity).toEqual(recorded.equity);
    }), { numRuns: 300 });
  });
});
