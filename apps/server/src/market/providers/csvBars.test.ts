import { describe, expect, it } from 'vitest';
import { isoFromDay } from '../barChunks.ts';
import { parseBarsCsv } from './csvBars.ts';
import { symbolFromFileName } from './csvFiles.ts';

const days = (b: { day: Int32Array }) => Array.from(b.day, isoFromDay);

describe('parseBarsCsv', () => {
  it('reads the plain layout as is, sorted oldest first', () => {
    const r = parseBarsCsv('date,open,high,low,close,volume\n2024-01-03,11,12,10,11.5,2000\n2024-01-02,10,11,9,10.5,1000\n');
    expect(r.layout).toBe('plain');
    expect(r.problems).toEqual([]);
    expect(days(r.bars!)).toEqual(['2024-01-02', '2024-01-03']);
    expect(Array.from(r.bars!.close)).toEqual([10.5, 11.5]);
    expect(Array.from(r.bars!.volume)).toEqual([1000, 2000]);
  });

  it('adjusts Alpha Vantage daily_adjusted rows: price × adjusted/close, volume × later split coefficients', () => {
    const csv = [
      'timestamp,open,high,low,close,adjusted_close,volume,dividend_amount,split_coefficient',
      '2020-08-27,500,510,490,500,123,100,0.0,1.0',
      '2020-08-28,500,520,495,499.2,124.8,200,0.82,1.0',
      '2020-08-31,127,131,126,129,129,300,0.0,4.0',
      '2020-09-01,132,134,130,134,134,400,0.0,1.0',
      '2020-09-02,130,131,120,131,131,500,0.0,2.0',
    ].join('\n');
    const r = parseBarsCsv(csv);
    expect(r.layout).toBe('alphavantage');
    const b = r.bars!;
    expect(b.close[0]).toBeCloseTo(123, 12);
    expect(b.open[0]).toBeCloseTo(500 * (123 / 500), 12);
    expect(b.high[1]).toBeCloseTo(520 * (124.8 / 499.2), 12);
    expect(b.low[1]).toBeCloseTo(495 * 0.25, 12);
    // later splits: 4 (08-31) and 2 (09-02) for the first two days; only 2 for 08-31 and 09-01
    expect(Array.from(b.volume)).toEqual([100 * 8, 200 * 8, 300 * 2, 400 * 2, 500]);
  });

  it('reads the Yahoo layout: Adj Close scales prices, volume kept', () => {
    const r = parseBarsCsv('Date,Open,High,Low,Close,Adj Close,Volume\n2024-01-02,10,11,9,10,9.5,1000\n2024-01-03,10,12,10,11,11,500\n');
    expect(r.layout).toBe('yahoo');
    expect(r.bars!.open[0]).toBeCloseTo(9.5, 12);
    expect(r.bars!.high[0]).toBeCloseTo(11 * 0.95, 12);
    expect(Array.from(r.bars!.volume)).toEqual([1000, 500]);
  });

  it('reads Stooq bulk files with their ticker, YYYYMMDD dates and extra columns', () => {
    const r = parseBarsCsv('<TICKER>,<PER>,<DATE>,<TIME>,<OPEN>,<HIGH>,<LOW>,<CLOSE>,<VOL>,<OPENINT>\nAAPL.US,D,20240102,000000,187.15,188.44,183.89,185.64,82488674,0\nAAPL.US,D,20240103,000000,184.22,185.88,183.43,184.25,58414460,0\n');
    expect(r.layout).toBe('stooq');
    expect(r.symbol).toBe('AAPL');
    expect(days(r.bars!)).toEqual(['2024-01-02', '2024-01-03']);
    expect(r.bars!.close[1]).toBe(184.25);
  });

  it('reads Stooq single-symbol downloads (Date,Open,High,Low,Close,Volume) and a BOM', () => {
    const r = parseBarsCsv('\uFEFFDate,Open,High,Low,Close,Volume\r\n2024-01-02,1,2,0.5,1.5,10\r\n');
    expect(r.layout).toBe('plain');
    expect(r.bars!.day.length).toBe(1);
  });

  it('skips and reports bad rows while keeping the good ones', () => {
    const csv = [
      'date,open,high,low,close,volume',
      '2024-01-02,10,11,9,10.5,1000',
      'not-a-date,10,11,9,10.5,1000',
      '2024-01-04,10,11,9,,1000',
      '2024-01-05,10,9,11,10,1000',
      '2024-01-08,10,11,9,10.5,-5',
      '2024-01-09,10,11,9,10.5,1000',
      '2024-01-09,10,12,9,11,1200',
    ].join('\n');
    const r = parseBarsCsv(csv);
    expect(days(r.bars!)).toEqual(['2024-01-02', '2024-01-09']);
    expect(r.bars!.close[1]).toBe(11); // the later duplicate row wins
    expect(r.problems).toEqual([
      'line 3: bad date "not-a-date"',
      'line 4: missing or non-positive price',
      'line 5: high/low do not contain open and close',
      'line 6: missing or negative volume',
      'duplicate date 2024-01-09: kept the last row',
    ]);
  });

  it('caps the list of bad rows', () => {
    const rows = Array.from({ length: 9 }, (_, i) => `2024-01-0${i + 1},x,1,1,1,1`);
    const r = parseBarsCsv(['date,open,high,low,close,volume', ...rows, '2024-02-01,1,1,1,1,1'].join('\n'));
    expect(r.problems).toHaveLength(6);
    expect(r.problems[5]).toBe('… 4 more bad rows');
  });

  it('rejects files that hold an API error, HTML, an unknown header or no valid rows', () => {
    expect(parseBarsCsv('{\n    "Error Message"\n}').problems[0]).toMatch(/^API error instead of prices/);
    expect(parseBarsCsv('{"Note": "Thank you for using Alpha Vantage! Our standard API call frequency is 5 calls per minute"}').problems[0]).toBe(
      'API error instead of prices (Note: Thank you for using Alpha Vantage! Our standard API call frequency is 5 calls per minute)',
    );
    expect(parseBarsCsv('<!DOCTYPE html><html></html>').problems).toEqual(['an HTML page instead of prices']);
    expect(parseBarsCsv('<html><body>503</body></html>').problems).toEqual(['an HTML page instead of prices']);
    expect(parseBarsCsv('').problems).toEqual(['empty file']);
    expect(parseBarsCsv('when,price\n2024-01-02,3').problems[0]).toBe('unknown header "when,price"');
    const none = parseBarsCsv('date,open,high,low,close,volume\nx,1,1,1,1,1\n');
    expect(none.bars).toBeNull();
    expect(none.problems[0]).toBe('no valid rows');
    for (const bad of ['{\n Error Message\n}', '<html>', '', 'a,b\n1,2']) expect(parseBarsCsv(bad).bars).toBeNull();
  });
});

describe('symbolFromFileName', () => {
  it('knows the Alpha Vantage dump, Stooq and plain names', () => {
    expect(symbolFromFileName('/x/DA-AAPL-T-2021-04-21.csv.gz')).toBe('AAPL');
    expect(symbolFromFileName('/x/DA-BF.B-T-2021-04-21.csv.gz')).toBe('BF.B');
    expect(symbolFromFileName('/x/aapl.us.txt')).toBe('AAPL');
    expect(symbolFromFileName('msft.csv')).toBe('MSFT');
    expect(symbolFromFileName('prices of things.csv')).toBeNull();
  });
});
