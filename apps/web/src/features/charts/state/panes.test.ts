import { describe, expect, it } from 'vitest';
import { DEFAULT_PANES, MAX_STRETCH, MIN_STRETCH, chartHeight, clampParams, defaultPanes, loadPanes, panesReducer, type Pane } from './panes.ts';

describe('pane layout defaults', () => {
  it('are price (stretch 3), vol-1 volume (1) and rsi-1 RSI (1) 14/70/30', () => {
    expect(defaultPanes()).toEqual([
      { id: 'price', kind: 'price', stretchFactor: 3, params: {} },
      { id: 'vol-1', kind: 'volume', stretchFactor: 1, params: {} },
      { id: 'rsi-1', kind: 'rsi', stretchFactor: 1, params: { period: 14, upper: 70, lower: 30 } },
    ]);
  });
  it('are fresh copies (editing one does not change the constant)', () => {
    const a = defaultPanes();
    (a[2].params as { period: number }).period = 99;
    expect((DEFAULT_PANES[2].params as { period: number }).period).toBe(14);
  });
  it('give a chart of at least 400px, 160px per stretch unit', () => {
    expect(chartHeight(defaultPanes())).toBe(800);
    expect(chartHeight([{ id: 'price', kind: 'price', stretchFactor: 1, params: {} }])).toBe(400);
    expect(chartHeight([...defaultPanes(), { id: 'x', kind: 'obv', stretchFactor: 1, params: {} }])).toBe(960);
  });
});

describe('saved layouts (rchart_panes)', () => {
  const saved = (v: unknown) => JSON.stringify(v);
  it('are used when they are an array containing a price pane', () => {
    const layout: Pane[] = [
      { id: 'price', kind: 'price', stretchFactor: 2, params: {} },
      { id: 'macd-5', kind: 'macd', stretchFactor: 1.5, params: { fast: 5, slow: 35, signal: 5 } },
    ];
    expect(loadPanes(saved(layout))).toEqual(layout);
  });
  it.each([
    ['absent', null],
    ['not JSON', '{oops'],
    ['not an array', saved({ panes: [] })],
    ['an empty array', saved([])],
    ['an array without a price pane', saved([{ id: 'vol-1', kind: 'volume', stretchFactor: 1, params: {} }])],
    ['an array of junk', saved([1, 'a', null, { kind: 'candles' }])],
  ])('fall back to the defaults when %s', (_, raw) => {
    expect(loadPanes(raw)).toEqual(defaultPanes());
  });
  it('drop entries that are not panes, clamp parameters and keep the price pane first', () => {
    const raw = saved([
      { id: 'r', kind: 'rsi', stretchFactor: 1, params: { period: 1000, upper: -5, lower: 'x' } },
      { bogus: true },
      { id: 'price', kind: 'price', stretchFactor: -1, params: {} },
      { id: 'm', kind: 'macd', params: { fast: 0, slow: 9999, signal: 4.6 } },
    ]);
    expect(loadPanes(raw)).toEqual([
      { id: 'price', kind: 'price', stretchFactor: 3, params: {} },
      { id: 'r', kind: 'rsi', stretchFactor: 1, params: { period: 200, upper: 0, lower: 30 } },
      { id: 'm', kind: 'macd', stretchFactor: 1, params: { fast: 1, slow: 200, signal: 5 } },
    ]);
  });

  it('keep stretch factors within bounds, so a saved layout cannot hide a pane or make the chart huge', () => {
    const raw = saved([
      { id: 'price', kind: 'price', stretchFactor: 1e9, params: {} },
      { id: 'v', kind: 'volume', stretchFactor: 1e-9, params: {} },
      { id: 'o', kind: 'obv', stretchFactor: 'big', params: {} },
      { id: 'r', kind: 'rsi', stretchFactor: 1.23456, params: {} },
    ]);
    expect(loadPanes(raw).map((p) => p.stretchFactor)).toEqual([MAX_STRETCH, MIN_STRETCH, 1, 1.235]);
  });
});

describe('dragged pane sizes', () => {
  it('are kept (3 decimals) and survive a parameter edit and a change of kind', () => {
    // The library keeps the sum of the two panes it resizes: 3 + 1 → 2.4 + 1.6.
    let s = panesReducer(defaultPanes(), { type: 'setStretch', factors: { price: 2.40000001, 'vol-1': 1.59999999 } });
    expect(s.map((p) => p.stretchFactor)).toEqual([2.4, 1.6, 1]);
    expect(chartHeight(s)).toBe(800); // the chart keeps its height
    s = panesReducer(s, { type: 'setParams', id: 'rsi-1', params: { period: 21 } });
    s = panesReducer(s, { type: 'changeKind', id: 'vol-1', kind: 'obv' });
    expect(s.map((p) => p.stretchFactor)).toEqual([2.4, 1.6, 1]);
    expect(loadPanes(JSON.stringify(s))).toEqual(s);
  });
  it('leave the state untouched when nothing moved (no re-render, no storage write)', () => {
    const s = defaultPanes();
    expect(panesReducer(s, { type: 'setStretch', factors: { price: 3, 'vol-1': 1, 'rsi-1': 1.0000001 } })).toBe(s);
    expect(panesReducer(s, { type: 'setStretch', factors: { unknown: 2 } })).toBe(s);
  });
  it('are clamped, keep the parameters object, and give whole-pixel heights', () => {
    const s = defaultPanes();
    const next = panesReducer(s, { type: 'setStretch', factors: { price: 0.01, 'rsi-1': 1.3333333 } });
    expect(next.map((p) => p.stretchFactor)).toEqual([MIN_STRETCH, 1, 1.333]);
    expect(next[2].params).toBe(s[2].params);
    expect(chartHeight([...s.slice(0, 2), next[2]])).toBe(Math.round(160 * 5.333));
  });
});

describe('parameter clamping (spec §5)', () => {
  it.each([
    [{ period: 1 }, { period: 2, upper: 70, lower: 30 }],
    [{ period: 201 }, { period: 200, upper: 70, lower: 30 }],
    [{ period: '' }, { period: 14, upper: 70, lower: 30 }],
    [{ period: 'abc', upper: 101, lower: -1 }, { period: 14, upper: 100, lower: 0 }],
  ])('RSI %j → %j', (input, want) => expect(clampParams('rsi', input)).toEqual(want));
  it.each([
    [{ fast: 0, slow: 1, signal: 0 }, { fast: 1, slow: 2, signal: 1 }],
    [{ fast: 101, slow: 201, signal: 101 }, { fast: 100, slow: 200, signal: 100 }],
    [{}, { fast: 12, slow: 26, signal: 9 }],
  ])('MACD %j → %j', (input, want) => expect(clampParams('macd', input)).toEqual(want));
  it('volume and OBV have no parameters', () => {
    expect(clampParams('volume', { period: 3 })).toEqual({});
    expect(clampParams('obv', undefined)).toEqual({});
  });
});

describe('pane transitions (spec §4)', () => {
  it('+ Add Pane adds an RSI pane with stretch 1 and an id of kind plus timestamp', () => {
    const next = panesReducer(defaultPanes(), { type: 'add', now: 1700000000000 });
    expect(next.at(-1)).toEqual({ id: 'rsi-1700000000000', kind: 'rsi', stretchFactor: 1, params: { period: 14, upper: 70, lower: 30 } });
    const twice = panesReducer(next, { type: 'add', now: 1700000000000 });
    expect(new Set(twice.map((p) => p.id)).size).toBe(twice.length);
  });
  it('adds volume, macd and obv panes with their defaults', () => {
    let s = defaultPanes();
    for (const kind of ['volume', 'macd', 'obv'] as const) s = panesReducer(s, { type: 'add', kind, now: 1 });
    expect(s.slice(3).map((p) => [p.kind, p.params])).toEqual([['volume', {}], ['macd', { fast: 12, slow: 26, signal: 9 }], ['obv', {}]]);
  });
  it('removes a pane but never the price pane', () => {
    expect(panesReducer(defaultPanes(), { type: 'remove', id: 'vol-1' }).map((p) => p.id)).toEqual(['price', 'rsi-1']);
    expect(panesReducer(defaultPanes(), { type: 'remove', id: 'price' })).toEqual(defaultPanes());
  });
  it('changing the kind resets the parameters to that kind and keeps the stretch factor', () => {
    const s = defaultPanes();
    s[2] = { ...s[2], stretchFactor: 2, params: { period: 30, upper: 80, lower: 20 } };
    const next = panesReducer(s, { type: 'changeKind', id: 'rsi-1', kind: 'macd' });
    expect(next[2]).toEqual({ id: 'rsi-1', kind: 'macd', stretchFactor: 2, params: { fast: 12, slow: 26, signal: 9 } });
    expect(panesReducer(next, { type: 'changeKind', id: 'rsi-1', kind: 'rsi' })[2].params).toEqual({ period: 14, upper: 70, lower: 30 });
    expect(panesReducer(s, { type: 'changeKind', id: 'price', kind: 'obv' })[0].kind).toBe('price');
  });
  it('edits parameters clamped to their bounds', () => {
    const next = panesReducer(defaultPanes(), { type: 'setParams', id: 'rsi-1', params: { period: 500, lower: 10 } });
    expect(next[2].params).toEqual({ period: 200, upper: 70, lower: 10 });
  });
  it('Reset Layout restores the defaults', () => {
    const changed = panesReducer(panesReducer(defaultPanes(), { type: 'remove', id: 'rsi-1' }), { type: 'add', kind: 'obv', now: 5 });
    expect(panesReducer(changed, { type: 'reset' })).toEqual(defaultPanes());
  });
});
