import { describe, expect, it } from 'vitest';
import * as ind from './index.ts';
import { barsFromCsv, firstMismatch, goldenCases, goldensMissing, haveGoldens, readGolden } from '../test/goldens.ts';

// The strategy language's indicators against the reference series in ../shared/goldens/strategy/indicators.
describe.skipIf(!haveGoldens)('strategy indicators match the reference series', () => {
  for (const name of goldenCases('strategy/indicators')) {
    describe(name, () => {
      const bars = barsFromCsv(readGolden('strategy/indicators', name, 'data.csv'));
      const expected = JSON.parse(readGolden('strategy/indicators', name, 'expected.json')) as Record<string, (number | null)[]>;
      const { high, low, close } = bars;
      const bb = ind.bbands(close, 20, 2);
      const st = ind.stoch(high, low, close, 14, 3, 3);
      const dmi = ind.adx(high, low, close, 14);
      const ours: Record<string, Float64Array> = {
        bbands_upper_20_2: bb.upper,
        bbands_middle_20_2: bb.middle,
        bbands_lower_20_2: bb.lower,
        bbands_percent_b_20_2: bb.percentB,
        stoch_k_14_3_3: st.k,
        stoch_d_14_3_3: st.d,
        adx_14: dmi.adx,
        plus_di_14: dmi.plusDi,
        minus_di_14: dmi.minusDi,
        cci_20: ind.cci(high, low, close, 20),
        roc_10: ind.roc(close, 10),
        willr_14: ind.willr(high, low, close, 14),
      };
      it('covers every reference series', () => {
        expect(Object.keys(ours).sort()).toEqual(Object.keys(expected).filter((k) => k !== 'date').sort());
      });
      for (const key of Object.keys(ours)) {
        it(key, () => {
          const at = firstMismatch(ours[key], expected[key]);
          expect(at === -1 ? 'all bars agree' : `bar ${at}: ours ${ours[key][at]}, expected ${expected[key][at]}`).toBe('all bars agree');
        });
      }
    });
  }
});

describe.runIf(!haveGoldens)('strategy indicators match the reference series', () => {
  it.skip(goldensMissing, () => {});
});
