import { describe, expect, it } from 'vitest';
import { acceptPeriodInput, committedPeriod, defaultOverlayColor, defaultOverlays, duplicateOverlayMessage, loadOverlays, overlayId, overlayLabel, overlaysReducer, OVERLAY_COLORS, sameOverlay } from './overlays.ts';

describe('overlays', () => {
  it('default to SMA 20 visible orange, EMA 20 hidden blue, EMA 50 hidden purple, labels on', () => {
    expect(defaultOverlays().map((o) => [overlayLabel(o), o.visible, o.color, o.showLabel])).toEqual([
      ['SMA(20)', true, OVERLAY_COLORS.orange, true],
      ['EMA(20)', false, OVERLAY_COLORS.blue, true],
      ['EMA(50)', false, OVERLAY_COLORS.purple, true],
    ]);
  });
  it('new overlay colours: SMA orange, EMA blue for period 20 else purple', () => {
    expect(defaultOverlayColor('SMA', 50)).toBe(OVERLAY_COLORS.orange);
    expect(defaultOverlayColor('EMA', 20)).toBe(OVERLAY_COLORS.blue);
    expect(defaultOverlayColor('EMA', 21)).toBe(OVERLAY_COLORS.purple);
  });
  it('the period input accepts only non-negative numbers or empty', () => {
    expect(acceptPeriodInput('')).toBe('');
    expect(acceptPeriodInput('25')).toBe('25');
    expect(acceptPeriodInput('2.5')).toBe('2.5');
    for (const bad of ['-1', 'a', '1e3', '2 ', '+3']) expect(acceptPeriodInput(bad)).toBeNull();
  });
  it('on blur or add the period is raised to at least 2', () => {
    expect(committedPeriod('')).toBe(2);
    expect(committedPeriod('0')).toBe(2);
    expect(committedPeriod('1')).toBe(2);
    expect(committedPeriod('7')).toBe(7);
    expect(committedPeriod(2.6)).toBe(3);
    expect(committedPeriod(' 1e2 ')).toBe(100); // read by the shared number parser
    expect(committedPeriod('abc')).toBe(2);
  });
  it('ids come from type, period, time and randomness', () => {
    expect(overlayId('EMA', 30, 1000, 0.5)).toMatch(/^ema-30-1000-\w+$/);
    expect(overlayId('EMA', 30, 1000, 0.1)).not.toBe(overlayId('EMA', 30, 1000, 0.2));
  });
  it('add, update and remove', () => {
    let s = overlaysReducer(defaultOverlays(), { type: 'add', overlayType: 'EMA', period: '1', now: 1, random: 0.3 });
    expect(s.at(-1)).toMatchObject({ type: 'EMA', period: 2, visible: true, color: OVERLAY_COLORS.purple, showLabel: true });
    const id = s.at(-1)!.id;
    s = overlaysReducer(s, { type: 'update', id, patch: { period: 0, visible: false, showLabel: false, color: '#123456' } });
    expect(s.at(-1)).toMatchObject({ period: 2, visible: false, showLabel: false, color: '#123456' });
    s = overlaysReducer(s, { type: 'remove', id });
    expect(s).toEqual(defaultOverlays());
  });
  it('loads saved overlays, dropping invalid ones; defaults when absent or unreadable; an empty list stays empty', () => {
    expect(loadOverlays(null)).toEqual(defaultOverlays());
    expect(loadOverlays('nope')).toEqual(defaultOverlays());
    expect(loadOverlays('{"a":1}')).toEqual(defaultOverlays());
    expect(loadOverlays('[]')).toEqual([]);
    const raw = JSON.stringify([{ id: 'x', type: 'SMA', period: 1, visible: false }, { type: 'WMA', period: 10 }, { type: 'EMA', period: 'x' }]);
    expect(loadOverlays(raw)).toEqual([{ id: 'x', type: 'SMA', period: 2, visible: false, color: undefined, showLabel: true }]);
  });
  it('finds the overlay a new one (or an edited period) would duplicate, and says so', () => {
    const list = defaultOverlays();
    expect(sameOverlay(list, 'SMA', 20)?.id).toBe('sma-20');
    expect(sameOverlay(list, 'EMA', 50)?.id).toBe('ema-50');
    expect(sameOverlay(list, 'SMA', 50)).toBeUndefined();
    expect(sameOverlay(list, 'EMA', 20, 'ema-20')).toBeUndefined(); // a row is no duplicate of itself
    expect(sameOverlay(list, 'EMA', 50, 'ema-20')?.id).toBe('ema-50');
    expect(duplicateOverlayMessage({ type: 'EMA', period: 50 })).toBe('EMA(50) is already on the chart.');
  });
});
