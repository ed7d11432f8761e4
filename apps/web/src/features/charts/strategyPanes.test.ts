import { describe, expect, it } from 'vitest';
import type { Candle } from '@app/contract';
import { indicators } from '@app/quant';
import { adxLines, bollingerLines, cciLine, stochLines } from './series.ts';
import { defaultParams, loadPanes, panesReducer } from './state/panes.ts';
import { loadOverlays, overlayLabel } from './state/overlays.ts';

const candles: Candle[] = Array.from({ length: 120 }, (_, i) => {
  const close = 100 + 10 * Math.sin(i / 7) + i * 0.1;
  return { time: 86_400 * (i + 1), open: close - 0.5, high: close + 1 + (i % 3), low: close - 1 - (i % 2), close, volume: 1000 + i };
});
const col = (k: 'high' | 'low' | 'close') => Float64Array.from(candles, (c) => c[k]);
const round2 = (x: number) => Math.round(x * 100) / 100;

describe('/rchart panes and overlay of the strategy language', () => {
  it('Stochastic, ADX and CCI panes take the strategy language\'s defaults and bounds', () => {
    expect(defaultParams('stoch')).toEqual({ period: 14, k_smooth: 3, d_period: 3 });
    expect(defaultParams('adx')).toEqual({ period: 14 });
    expect(defaultParams('cci')).toEqual({ period: 20 });
    const [, pane] = panesReducer(loadPanes(null).slice(0, 1), { type: 'add', kind: 'stoch', now: 1 });
    expect(panesReducer([pane], { type: 'setParams', id: pane.id, params: { k_smooth: 900 } })[0].params).toEqual({ period: 14, k_smooth: 500, d_period: 3 });
    expect(loadPanes(JSON.stringify([{ kind: 'price' }, { kind: 'cci', params: { period: 0 } }]))[1]).toMatchObject({ kind: 'cci', params: { period: 1 } });
  });

  it('draw the numbers quant computes (the ones a template compares), warm-up left out', () => {
    const s = indicators.stoch(col('high'), col('low'), col('close'), 14, 3, 3);
    const k = stochLines(candles, 14, 3, 3).k;
    const firstK = s.k.findIndex((v) => !Number.isNaN(v));
    expect(k[0]).toEqual({ time: candles[firstK].time, value: round2(s.k[firstK]) });
    expect(k.length).toBe(candles.length - firstK);
    const d = indicators.adx(col('high'), col('low'), col('close'), 14);
    expect(adxLines(candles, 14).adx.at(-1)!.value).toBe(round2(d.adx.at(-1)!));
    expect(cciLine(candles, 20).at(-1)!.value).toBe(round2(indicators.cci(col('high'), col('low'), col('close'), 20).at(-1)!));
    const b = bollingerLines(candles, 20, 2);
    const q = indicators.bbands(col('close'), 20, 2);
    expect([b.upper.at(-1)!.value, b.middle.at(-1)!.value, b.lower.at(-1)!.value]).toEqual([round2(q.upper.at(-1)!), round2(q.middle.at(-1)!), round2(q.lower.at(-1)!)]);
    expect(b.middle.length).toBe(candles.length - 19);
  });

  it('keeps a saved Bollinger overlay and names it with its deviations', () => {
    const [o] = loadOverlays(JSON.stringify([{ type: 'BB', period: 20, visible: true }]));
    expect(o.type).toBe('BB');
    expect(overlayLabel(o)).toBe('BB(20, 2)');
  });
});
