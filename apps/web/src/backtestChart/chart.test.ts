import { describe, expect, it } from 'vitest';
import { idsFrom } from './load.ts';
import { tradeMarkers } from './draw.ts';

describe('backtest chart page', () => {
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
      [100, 'belowBar', 'arrowUp', 'Buy 5'],
      [200, 'aboveBar', 'arrowDown', 'Sell 5'],
    ]);
  });
  it('leaves the share labels off on a phone-width chart, where they would overlap', () => {
    const m = tradeMarkers([{ time: 100, kind: 'entry', price: 9, size: 5 }, { time: 200, kind: 'exit', price: 10, size: 5 }], true);
    expect(m.map((x) => [x.shape, x.text])).toEqual([['arrowUp', ''], ['arrowDown', '']]);
  });
});
