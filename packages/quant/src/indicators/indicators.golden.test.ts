import { describe, expect, it } from 'vitest';
import * as ind from './index.ts';
import { barsFromCsv, firstMismatch, goldenCases, goldensMissing, haveGoldens, readGolden } from '../test/goldens.ts';

// Each reference series from ../shared/goldens/indicators must match ours bar for bar.
describe.skipIf(!haveGoldens)('indicators match the reference series', () => {
  for (const name of goldenCases('indicators')) {
    describe(name, () => {
      const bars = barsFromCsv(readGolden('indicators', name, 'data.csv'));
      const expected = JSON.parse(readGolden('indicators', name, 'expected.json')) as Record<string, (number | null)[]>;
      const { high, low, close, volume } = bars;
      const m = ind.macd(close, 12, 26, 9);
      const st = ind.supertrend(high, low, close, 10, 3);
      const ours: Record<string, Float64Array> = {
        sma_20: ind.sma(close, 20),
        ema_20: ind.ema(close, 20),
        ema_50: ind.ema(close, 50),
        rsi_14: ind.rsi(close, 14),
        rsi_7_drift_2: ind.rsi(close, 7, 2),
        macd_12_26_9: m.macd,
        macd_signal_12_26_9: m.signal,
        macd_hist_12_26_9: m.histogram,
        obv: ind.obv(close, volume),
        atr_14: ind.atr(high, low, close, 14),
        supertrend_10_3: st.line,
        supertrend_dir_10_3: st.direction,
        volume_sma_20: ind.averageVolume(volume, 20),
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

describe.runIf(!haveGoldens)('indicators match the reference series', () => {
  it.skip(goldensMissing, () => {});
});
