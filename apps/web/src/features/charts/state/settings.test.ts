import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, loadSettings, serializeSettings, settingsReducer } from './settings.ts';

describe('display settings (scanner-chart-settings)', () => {
  it('default to candlestick, gridlines on, compact legend off, real-time price on, expanded legend on', () => {
    expect(loadSettings(null)).toEqual({ chartType: 'candlestick', showGridlines: true, compactLegend: false, showRealTimePrice: true, expandedLegend: true });
  });
  it('round-trip as version 1', () => {
    const s = { ...DEFAULT_SETTINGS, chartType: 'area' as const, showGridlines: false };
    expect(JSON.parse(serializeSettings(s))).toEqual({ version: 1, settings: s });
    expect(loadSettings(serializeSettings(s))).toEqual(s);
  });
  it('migrate version 0 by mapping compactMode and expandedMode', () => {
    expect(loadSettings(JSON.stringify({ chartType: 'line', showGridlines: false, compactMode: true, expandedMode: false }))).toEqual({
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
});
