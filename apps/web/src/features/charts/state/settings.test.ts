import { describe, expect, it } from 'vitest';
import { NUMBER_INPUT_MESSAGES } from '@app/contract';
import { CHART_TEXT } from '../texts.ts';
import { BARS_IN_VIEW_MAX, BARS_IN_VIEW_MIN, DEFAULT_SETTINGS, loadSettings, readBarsInView, serializeSettings, settingsReducer } from './settings.ts';

describe('display settings (scanner-chart-settings)', () => {
  it('default to candlestick, gridlines on, compact legend off, real-time price on, expanded legend on', () => {
    expect(loadSettings(null)).toMatchObject({ chartType: 'candlestick', showGridlines: true, compactLegend: false, showRealTimePrice: true, expandedLegend: true });
  });
  it('round-trip as version 1', () => {
    const s = { ...DEFAULT_SETTINGS, chartType: 'area' as const, showGridlines: false };
    expect(JSON.parse(serializeSettings(s))).toEqual({ version: 1, settings: s });
    expect(loadSettings(serializeSettings(s))).toEqual(s);
  });
  it('migrate version 0 by mapping compactMode and expandedMode', () => {
    expect(loadSettings(JSON.stringify({ chartType: 'line', showGridlines: false, compactMode: true, expandedMode: false }))).toEqual({
      ...DEFAULT_SETTINGS,
      chartType: 'line',
      showGridlines: false,
      compactLegend: true,
      showRealTimePrice: true,
      expandedLegend: false,
    });
    expect(loadSettings(JSON.stringify({ version: 0, settings: { compactMode: true } }))).toMatchObject({ compactLegend: true, expandedLegend: true });
  });
  it.each([['junk', '{'], ['an array', '[]'], ['a future version', JSON.stringify({ version: 2, settings: { chartType: 'line' } })], ['version 1 without settings', '{"version":1}']])(
    'fall back to the defaults for %s',
    (_, raw) => expect(loadSettings(raw)).toEqual(DEFAULT_SETTINGS),
  );
  it('ignore values of the wrong type', () => {
    expect(loadSettings(JSON.stringify({ version: 1, settings: { chartType: 'bars', showGridlines: 'no', compactLegend: true } }))).toEqual({ ...DEFAULT_SETTINGS, compactLegend: true });
  });
  it('set per key or reset', () => {
    const s = settingsReducer(DEFAULT_SETTINGS, { type: 'set', key: 'showRealTimePrice', value: false });
    expect(s).toEqual({ ...DEFAULT_SETTINGS, showRealTimePrice: false });
    expect(settingsReducer(s, { type: 'reset' })).toEqual(DEFAULT_SETTINGS);
  });
  it('default Appearance and Performance to the app look: theme background, normal crosshair, linear scale, bars by width, animation on, panes at once', () => {
    expect(loadSettings(null)).toMatchObject({ upColor: '#26a69a', downColor: '#ef5350', background: 'theme', crosshair: 'normal', priceScale: 'linear', barsInView: null, animation: true, paneUpdateMs: 0 });
  });
  it('read a version 1 value saved before Appearance and Performance existed with their defaults', () => {
    expect(loadSettings(JSON.stringify({ version: 1, settings: { chartType: 'area' } }))).toEqual({ ...DEFAULT_SETTINGS, chartType: 'area' });
  });
  it('keep Appearance and Performance values and drop broken ones', () => {
    const good = { upColor: '#0000FF', downColor: '#ffa500', background: '#101010', crosshair: 'magnet', priceScale: 'log', barsInView: 120, animation: false, paneUpdateMs: 1000 };
    expect(loadSettings(JSON.stringify({ version: 1, settings: good }))).toEqual({ ...DEFAULT_SETTINGS, ...good, upColor: '#0000ff' });
    const bad = { upColor: 'red', downColor: '#12345', background: 'url(x)', crosshair: 'hidden', priceScale: 'index', barsInView: 3.5, animation: 'no', paneUpdateMs: 7 };
    expect(loadSettings(JSON.stringify({ version: 1, settings: bad }))).toEqual(DEFAULT_SETTINGS);
    expect(loadSettings(JSON.stringify({ version: 1, settings: { barsInView: BARS_IN_VIEW_MAX + 1 } })).barsInView).toBeNull();
  });
  it('read the bars-in-view box: blank fits the width, counts as the number boxes read them, the range said', () => {
    expect(readBarsInView('  ')).toEqual({ ok: true, value: null });
    expect(readBarsInView('120')).toEqual({ ok: true, value: 120 });
    expect(readBarsInView('1k')).toEqual({ ok: true, value: 1000 });
    expect(readBarsInView('1,500')).toEqual({ ok: true, value: 1500 });
    const range = CHART_TEXT.barsInViewRange(BARS_IN_VIEW_MIN, BARS_IN_VIEW_MAX);
    expect(readBarsInView(String(BARS_IN_VIEW_MIN - 1))).toEqual({ ok: false, error: range });
    expect(readBarsInView('12.5')).toEqual({ ok: false, error: range });
    expect(readBarsInView('1M')).toEqual({ ok: false, error: range });
    expect(readBarsInView('-50')).toMatchObject({ ok: false, error: NUMBER_INPUT_MESSAGES.negative });
    expect(readBarsInView('lots')).toMatchObject({ ok: false, error: NUMBER_INPUT_MESSAGES.unreadable });
  });
});
