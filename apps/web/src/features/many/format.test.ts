import { describe, expect, it } from 'vitest';
import type { UniverseRow, UniverseSummary } from '@app/contract';
import { manyLink, readManyLink } from '../../lib/manyLinks.ts';
import {
  barHolding, chartTime, exposureSummary, histogramBars, nextSort, orderingParam, parseSymbols, progressPercent, readOrdering, readRunId, summaryTiles, universeCsv,
} from './format.ts';
import { SUMMARY_LABELS } from './texts.ts';

const summary = (over: Partial<UniverseSummary> = {}): UniverseSummary => ({
  symbols: 1234,
  skipped: ['ZZZ'],
  median_return_pct: 12.345,
  q1_return_pct: -3.2,
  q3_return_pct: 25,
  profitable_pct: 66.6667,
  beat_buy_hold_pct: 40.4,
  histogram: [],
  survivorship: 'note',
  ...over,
});

describe('histogram bars', () => {
  it('finds the bar holding the median, overflow bins included, and takes edge decimals from a regular bin', () => {
    const bins = [
      { from: -90, to: -10, count: 2, overflow: 'below' as const },
      { from: -10, to: 0, count: 5 },
      { from: 0, to: 10, count: 7 },
      { from: 10, to: 3702, count: 1, overflow: 'above' as const },
    ];
    expect(barHolding(bins, -50)).toBe(0);
    expect(barHolding(bins, -3)).toBe(1);
    expect(barHolding(bins, 4)).toBe(2);
    expect(barHolding(bins, 500)).toBe(3);
    expect(barHolding(bins, null)).toBe(-1);
    expect(histogramBars(bins).map((b) => b.overflow)).toEqual(['below', undefined, undefined, 'above']);
    expect(histogramBars(bins)[1].fromText).toBe('-10');
  });

  it('scales each bar to the tallest, labels the edges to the width, and colours losses, gains and the bin across zero', () => {
    const bars = histogramBars([
      { from: -20, to: -10, count: 2 },
      { from: -10, to: 0, count: 8 },
      { from: 0, to: 10, count: 4 },
      { from: 10, to: 20, count: 0 },
    ]);
    expect(bars.map((b) => b.height)).toEqual([25, 100, 50, 0]);
    expect(bars.map((b) => [b.fromText, b.toText])).toEqual([['-20', '-10'], ['-10', '0'], ['0', '10'], ['10', '20']]);
    expect(bars.map((b) => b.tone)).toEqual(['down', 'down', 'up', 'up']);
    expect(histogramBars([{ from: -1.5, to: 1.5, count: 1 }])[0].tone).toBe('none');
  });

  it('gives narrow bins decimals, never shows -0, and has no bars without bins or all zero heights without counts', () => {
    const bars = histogramBars([{ from: -0.25, to: 0.05, count: 1 }, { from: 0.05, to: 0.35, count: 3 }]);
    expect(bars.map((b) => b.fromText)).toEqual(['-0.25', '0.05']);
    expect(histogramBars([{ from: -0.04, to: 2.96, count: 1 }])[0].fromText).toBe('0.0');
    expect(histogramBars([])).toEqual([]);
    expect(histogramBars([{ from: 0, to: 1, count: 0 }])[0].height).toBe(0);
  });
});

describe('summary tiles', () => {
  it('shows the count grouped, returns with 2 decimals and a sign colour, the quartiles as a range, shares rounded', () => {
    expect(summaryTiles(summary())).toEqual([
      { label: SUMMARY_LABELS.symbols, value: '1,234', tone: 'none' },
      { label: SUMMARY_LABELS.median, value: '12.35%', tone: 'up' },
      { label: SUMMARY_LABELS.quartiles, value: '-3.20% to 25.00%', tone: 'none' },
      { label: SUMMARY_LABELS.profitable, value: '67%', tone: 'none' },
      { label: SUMMARY_LABELS.beatBuyHold, value: '40%', tone: 'none' },
    ]);
  });

  it('shows — for figures a run without returns does not have', () => {
    const tiles = summaryTiles(summary({ symbols: 0, median_return_pct: null, q1_return_pct: null, q3_return_pct: null, profitable_pct: null, beat_buy_hold_pct: null }));
    expect(tiles.map((t) => t.value)).toEqual(['0', '—', '—', '—', '—']);
    expect(tiles[1].tone).toBe('none');
  });
});

describe('table sorting and the address', () => {
  it('flips the same column; a new numeric column starts highest first, a text column A to Z', () => {
    expect(nextSort({ field: 'return_pct', desc: true }, 'return_pct')).toEqual({ field: 'return_pct', desc: false });
    expect(nextSort({ field: 'return_pct', desc: true }, 'sharpe')).toEqual({ field: 'sharpe', desc: true });
    expect(nextSort({ field: 'return_pct', desc: true }, 'symbol')).toEqual({ field: 'symbol', desc: false });
  });

  it('reads back the ordering it writes, and the default for anything else', () => {
    for (const s of [{ field: 'max_drawdown_pct', desc: false }, { field: 'win_rate_pct', desc: true }] as const) expect(readOrdering(orderingParam(s))).toEqual(s);
    expect(readOrdering('-price')).toEqual({ field: 'return_pct', desc: true });
    expect(readOrdering(null)).toEqual({ field: 'return_pct', desc: true });
  });

  it('a run id is a positive whole number; none is null; anything else is NaN (not found)', () => {
    expect(readRunId('12')).toBe(12);
    expect(readRunId(undefined)).toBeNull();
    expect(readRunId('0')).toBeNaN();
    expect(readRunId('1e3')).toBeNaN();
  });

  it('links to the screens carry only the ids given, and read back', () => {
    expect(manyLink('universe')).toBe('/many/universe');
    expect(manyLink('portfolio', { templateId: 3, periodId: null, scanId: 7 })).toBe('/many/portfolio?template_id=3&scan_id=7');
    expect(readManyLink(new URLSearchParams('template_id=3&period_id=x&scan_id=7'))).toEqual({ templateId: 3, periodId: null, scanId: 7 });
  });
});

describe('the rest', () => {
  it('parses typed and pasted symbols: any separator, upper case, each once', () => {
    expect(parseSymbols(' aapl, MSFT;nvda\n\tAAPL  brk.b ')).toEqual(['AAPL', 'MSFT', 'NVDA', 'BRK.B']);
    expect(parseSymbols(' , \n')).toEqual([]);
  });

  it('counts progress in whole percent, 0 without a total', () => {
    expect(progressPercent({ done: 1, total: 3 })).toBe(33);
    expect(progressPercent({ done: 3, total: 3 })).toBe(100);
    expect(progressPercent({ done: 0, total: 0 })).toBe(0);
  });

  it('averages the positions held and finds the most', () => {
    expect(exposureSummary([0, 1, 2, 3, 3])).toEqual({ avg: '1.8', max: 3 });
    expect(exposureSummary([])).toEqual({ avg: '0', max: 0 });
  });

  it('puts a day at midnight UTC on the chart', () => {
    expect(chartTime('2020-01-02')).toBe(1577923200);
  });

  it('writes the table as CSV with raw numbers and empty cells for missing ones', () => {
    const row: UniverseRow = {
      symbol: 'AAA', name: 'Alpha, Inc.', start: '2020-01-02', end: '2020-12-31', return_pct: 12.5, cagr_pct: 12.4, sharpe: null, max_drawdown_pct: -8.25,
      trades: 3, win_rate_pct: 66.66666666666667, profit_factor: 2, exposure_pct: 40, buy_hold_pct: 20,
    };
    expect(universeCsv([row]).split('\r\n')).toEqual([
      'symbol,name,start,end,return_pct,cagr_pct,sharpe,max_drawdown_pct,trades,win_rate_pct,profit_factor,exposure_pct,buy_hold_pct',
      'AAA,"Alpha, Inc.",2020-01-02,2020-12-31,12.5,12.4,,-8.25,3,66.6666666667,2,40,20',
      '',
    ]);
  });
});
