import { describe, expect, it } from 'vitest';
import { idsFrom } from './load.ts';
import { indicatorPoints, labelsFit, levelLine, SHORT_COLOR, tradeMarkers } from './draw.ts';

describe('backtest chart page', () => {
  it("draws an indicator line from its values, one per candle, leaving out the warm-up bars' nulls", () => {
    expect(indicatorPoints([null, null, 31.5, 29.25], [10, 20, 30, 40])).toEqual([{ time: 30, value: 31.5 }, { time: 40, value: 29.25 }]);
    expect(indicatorPoints([], [])).toEqual([]);
  });
  it('takes period_id and template_id from the query string, and nothing else', () => {
    expect(idsFrom('?period_id=3&template_id=12')).toEqual({ periodId: '3', templateId: '12' });
    expect(idsFrom('?template_id=12&period_id=3&x=1')).toEqual({ periodId: '3', templateId: '12' });
    for (const bad of ['', '?period_id=3', '?template_id=1', '?period_id=abc&template_id=1', '?period_id=1&template_id=1;drop', '?period_id=&template_id=2']) {
      expect(idsFrom(bad), bad).toBeNull();
    }
  });
  it('draws entries as up-arrows below the bar and exits as down-arrows above, in time order', () => {
    const m = tradeMarkers([
      { time: 200, kind: 'exit', price: 10, size: 5 },
      { time: 100, kind: 'entry', price: 9, size: 5 },
    ]);
    expect(m.map((x) => [x.time, x.position, x.shape, x.text])).toEqual([
      [100, 'belowBar', 'arrowUp', 'Buy @ 9.00'],
      [200, 'aboveBar', 'arrowDown', 'Sell @ 10.00'],
    ]);
  });
  it('labels a marker with its fill price, not the share count (four decimals below a dollar)', () => {
    const m = tradeMarkers([{ time: 100, kind: 'entry', price: 123.456, size: 915 }, { time: 200, kind: 'exit', price: 0.51234, size: 915, reason: 'signal' }]);
    expect(m.map((x) => x.text)).toEqual(['Buy @ 123.46', 'Sell @ 0.5123']);
  });
  it('labels markers only while their labels fit: a wide chart and few enough markers in view', () => {
    expect(labelsFit(1280, 10)).toBe(true);
    expect(labelsFit(1280, 30)).toBe(false); // 30 labels of ~90 px overlap on 1280 px
    expect(labelsFit(390, 1)).toBe(false); // a phone: arrows only
  });
  it('leaves the price labels off on a phone-width chart, where they would overlap', () => {
    const m = tradeMarkers([{ time: 100, kind: 'entry', price: 9, size: 5 }, { time: 200, kind: 'exit', price: 10, size: 5 }], true);
    expect(m.map((x) => [x.shape, x.text])).toEqual([['arrowUp', ''], ['arrowDown', '']]);
  });
  it('draws stop, target and trailing exits apart from signal exits, with their two-letter labels even on a phone', () => {
    const exit = (time: number, reason: 'signal' | 'stop' | 'target' | 'trailing' | 'end') => ({ time, kind: 'exit' as const, price: 10, size: 5, reason });
    const looks = (compact: boolean) =>
      tradeMarkers([exit(100, 'stop'), exit(200, 'target'), exit(300, 'trailing'), exit(400, 'signal'), exit(500, 'end')], compact).map((x) => [x.shape, x.color, x.text]);
    expect(looks(false)).toEqual([
      ['arrowDown', '#dc2626', 'SL @ 10.00'],
      ['arrowDown', '#16a34a', 'TP @ 10.00'],
      ['arrowDown', '#ea580c', 'TS @ 10.00'],
      ['arrowDown', '#dc2626', 'Sell @ 10.00'],
      ['arrowDown', '#dc2626', 'Sell @ 10.00'],
    ]);
    expect(looks(true).map((l) => l[2])).toEqual(['SL', 'TP', 'TS', '', '']);
  });
  it('draws short entries and covers the other way up, in their own colour, apart from long trades', () => {
    const m = tradeMarkers([
      { time: 100, kind: 'entry', price: 9, size: -5 },
      { time: 200, kind: 'exit', price: 8, size: -5, reason: 'signal' },
      { time: 300, kind: 'entry', price: 9, size: -5 },
      { time: 400, kind: 'exit', price: 9.9, size: -5, reason: 'stop' },
      { time: 500, kind: 'entry', price: 9, size: 5 },
    ]);
    expect(m.map((x) => [x.position, x.shape, x.color, x.text])).toEqual([
      ['aboveBar', 'arrowDown', SHORT_COLOR, 'Short @ 9.00'],
      ['belowBar', 'arrowUp', SHORT_COLOR, 'Cover @ 8.00'],
      ['aboveBar', 'arrowDown', SHORT_COLOR, 'Short @ 9.00'],
      ['belowBar', 'arrowUp', '#dc2626', 'SL @ 9.90'],
      ['belowBar', 'arrowUp', '#16a34a', 'Buy @ 9.00'],
    ]);
  });
  it("draws each trade's levels as its own segment: a blank at the next bar breaks the line between trades", () => {
    const bars = [10, 20, 30, 40, 50, 60, 70];
    const levels = [
      { stop: [{ time: 20, value: 9 }, { time: 30, value: 9.5 }], target: [] },
      { stop: [], target: [] },
      { stop: [{ time: 50, value: 8 }, { time: 60, value: 8 }, { time: 70, value: 8.2 }], target: [{ time: 50, value: 12 }] },
    ];
    expect(levelLine(levels, 'stop', bars)).toEqual([
      { time: 20, value: 9 }, { time: 30, value: 9.5 }, { time: 40 },
      { time: 50, value: 8 }, { time: 60, value: 8 }, { time: 70, value: 8.2 },
    ]);
    expect(levelLine(levels, 'target', bars)).toEqual([{ time: 50, value: 12 }, { time: 60 }]);
    expect(levelLine([{ stop: [], target: [] }], 'stop', bars)).toEqual([]);
  });
});
