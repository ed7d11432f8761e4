import { describe, expect, it } from 'vitest';
import { isConstituentsHeader, parseConstituents, SECTORS, sectorFromGics } from './constituents.ts';
import { parseScreener } from './nasdaqScreener.ts';
import { parseSymbolDirectory } from './nasdaqTrader.ts';
import { normalizeSymbol } from './symbols.ts';

describe('GICS sectors → the spec sectors', () => {
  it('maps each of the 11 GICS sectors to one of the 12 spec sectors', () => {
    const gics = ['Communication Services', 'Consumer Discretionary', 'Consumer Staples', 'Energy', 'Financials', 'Health Care', 'Industrials', 'Information Technology', 'Materials', 'Real Estate', 'Utilities'];
    const mapped = gics.map(sectorFromGics);
    expect(mapped).toEqual(['Telecommunications', 'Consumer Discretionary', 'Consumer Staples', 'Energy', 'Finance', 'Health Care', 'Industrials', 'Technology', 'Basic Materials', 'Real Estate', 'Utilities']);
    for (const s of mapped) expect(SECTORS).toContain(s);
    expect(sectorFromGics('Finance')).toBe('Finance'); // already a spec name
    expect(sectorFromGics('Conglomerates')).toBe('Miscellaneous');
    expect(sectorFromGics(' ')).toBeNull();
  });

  it('reads a constituents file with quoted names', () => {
    expect(isConstituentsHeader('Symbol,Name,Sector')).toBe(true);
    expect(isConstituentsHeader('timestamp,open,high,low,close')).toBe(false);
    const b = parseConstituents('Symbol,Name,Sector\nMMM,3M Company,Industrials\nBRK.B,"Berkshire Hathaway, Inc.",Financials\n,Nobody,Energy\n', 'c.csv');
    expect(b.listings).toEqual([
      { symbol: 'MMM', name: '3M Company', sector: 'Industrials', industry: undefined },
      { symbol: 'BRK.B', name: 'Berkshire Hathaway, Inc.', sector: 'Finance', industry: undefined },
    ]);
    expect(b.problems).toEqual(['line 4: empty symbol']);
  });
});

describe('symbols', () => {
  it('spells share classes with a dot and refuses preferreds and junk', () => {
    expect(normalizeSymbol('brk/b')).toEqual({ ok: true, symbol: 'BRK.B' });
    expect(normalizeSymbol('ABR^D')).toMatchObject({ ok: false, reason: 'ABR^D: preferred share symbols are not supported' });
    expect(normalizeSymbol('ZZPR$A').ok).toBe(false);
    expect(normalizeSymbol('A B').ok).toBe(false);
  });
});

describe('screener rows', () => {
  it('reads the saved bare-array form and says what it left out', () => {
    const rows = [
      { symbol: 'AACG', name: 'ATA Creativity', lastsale: '$0.97', netchange: '-0.04', pctchange: '-3.96%', volume: '26997', marketCap: '66410099.00', sector: 'Real Estate', industry: 'Other Consumer Services' },
      { symbol: 'AACI', name: 'Armada', lastsale: '$10.05', netchange: '0.03', pctchange: '0.30%', volume: '129', marketCap: '0.00', sector: '', industry: '' },
      { symbol: 'PHXE^', name: 'P', lastsale: '$1', netchange: '0', pctchange: '0%', volume: '1', marketCap: '', sector: '', industry: '' },
      { symbol: '', name: 'no symbol' },
    ];
    const b = parseScreener(rows, 'AMEX', 'amex.json');
    expect(b.listings.map((l) => [l.symbol, l.market, l.market_cap, l.sector])).toEqual([['AACG', 'AMEX', 66410099, 'Real Estate'], ['AACI', 'AMEX', null, null]]);
    expect(b.listings[0]).toMatchObject({ last_sale: 0.97, net_change: -0.04, pct_change: -3.96, volume: 26997 });
    expect(b.problems).toEqual(['row 4: empty symbol', '1 preferred share rows (symbols with \'^\') left out', '1 rows without a sector (kept, sector empty)']);
  });

  it('rejects an answer that is not a screener table', () => {
    const b = parseScreener({ data: null, status: { bCodeMessage: [{ errorMessage: 'Exchange is invalid' }] } }, 'NYSE', 'u');
    expect(b.listings).toEqual([]);
    expect(b.problems).toEqual(['not a screener answer: Exchange is invalid']);
  });
});

describe('symbol directory files', () => {
  it('maps OTC tiers to the two OTC markets of the spec', () => {
    const b = parseSymbolDirectory('Symbol|Security Name|Market Tier\nZZOB|Zed Bulletin|OTCBB\nZZPK|Zed Pink|Pink Current\nZZQX|Zed QX|OTCQX\nFile Creation Time: 0821202622:01||\n', 'otc.txt');
    expect(b.listings.map((l) => [l.symbol, l.market])).toEqual([['ZZOB', 'OTCBB'], ['ZZPK', 'PINK'], ['ZZQX', 'PINK']]);
    expect(b.problems).toEqual([]);
  });

  it('rejects other text and flags a file cut short', () => {
    expect(parseSymbolDirectory('hello world', 'x.txt').problems[0]).toMatch(/^not a symbol directory file/);
    const cut = parseSymbolDirectory('Symbol|Security Name|Market Category|Test Issue|Financial Status|Round Lot Size|ETF|NextShares\nZZAP|Zed|Q|N|N|100|N|N\n', 'n.txt');
    expect(cut.listings).toHaveLength(1);
    expect(cut.problems).toEqual(['no "File Creation Time" line: the file may be cut short']);
  });
});
