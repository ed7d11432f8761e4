import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import type { ScanResult } from '@app/contract';
import { toCsv } from '../../lib/csv.ts';
import { resultsCsv } from './csv.ts';

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks, and leaves nulls empty', () => {
    expect(toCsv(['a', 'b'], [['x,y', 'say "hi"'], ['line\nbreak', null], [1.5, -2]])).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",\r\n1.5,-2\r\n');
  });

  it('defuses text a spreadsheet would run as a formula, but not negative numbers', () => {
    expect(toCsv(['n'], [['=HYPERLINK("x")'], ['@SUM(A1)'], [-3]])).toBe('n\r\n"\'=HYPERLINK(""x"")"\r\n\'@SUM(A1)\r\n-3\r\n');
  });

  it('round-trips any text through a standard CSV parser', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 2, maxLength: 2 }), { maxLength: 8 }), (rows) => {
        const safe = rows.map((r) => r.map((s) => s.replace(/^[=+\-@\t\r]+/, '')));
        const back = parse(toCsv(['a', 'b'], safe), { relax_quotes: false });
        expect(back).toEqual([['a', 'b'], ...safe]);
      }),
    );
  });

  it('writes the result columns with raw numbers', () => {
    const r: ScanResult = {
      symbol: 'ACME', name: 'Acme, Inc.', price: 12.5, diff: -0.25, chg: -1.96, sector: null, market: 'NASDAQ',
      market_cap: 1234567, volume: 1000, vol_avg: null, sma: null, ema: null, rsi: null, quickratio: null, roe: null,
    };
    expect(resultsCsv([r])).toBe('\uFEFFSymbol,Name,Price,Change,% Change,Sector,Market,Market Cap,Volume\r\nACME,"Acme, Inc.",12.5,-0.25,-1.96,,NASDAQ,1234567,1000\r\n');
  });

  it('starts with a UTF-8 byte order mark so spreadsheets decode non-ASCII names', () => {
    const r = { symbol: 'NSRGY', name: 'Nestlé S.A.', price: 1, diff: 0, chg: 0, sector: null, market: 'PINK', market_cap: null, volume: null } as ScanResult;
    const bytes = new TextEncoder().encode(resultsCsv([r]));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const back = parse(resultsCsv([r]), { bom: true });
    expect(back[1].slice(0, 2)).toEqual(['NSRGY', 'Nestlé S.A.']);
  });

  it('writes whole numbers exactly and fractions without float noise', () => {
    expect(toCsv(['n'], [[0.1 + 0.2], [134.72000000000003 - 133.11], [4514709583123], [99999999999999], [-1.96], [12345.678901234567], [0.000123456789]])).toBe(
      'n\r\n0.3\r\n1.61\r\n4514709583123\r\n99999999999999\r\n-1.96\r\n12345.6789012\r\n0.000123456789\r\n',
    );
  });
});
