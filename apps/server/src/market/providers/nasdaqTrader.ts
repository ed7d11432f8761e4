import { fetchText } from './http.ts';
import { normalizeSymbol } from './symbols.ts';
import type { Listing, ListingBatch, Provider } from './types.ts';

// Nasdaq Trader's symbol directory: pipe-separated text files whose last line is
// "File Creation Time: mmddyyyyhhmm|||…".
//   nasdaqlisted.txt  Symbol|Security Name|Market Category|Test Issue|Financial Status|Round Lot Size|ETF|NextShares
//                     every row is NASDAQ (Market Category Q/G/S are its three tiers)
//   otherlisted.txt   ACT Symbol|Security Name|Exchange|CQS Symbol|ETF|Round Lot Size|Test Issue|NASDAQ Symbol
//                     Exchange: A = NYSE American → AMEX, N → NYSE, P = NYSE Arca → NYSEARCA, Z → BATS,
//                     V = IEX (not a market of the spec: reported and left out)
//   OTC lists         Symbol|Security Name|Market Tier|… : the spec knows two OTC markets, so a tier
//                     naming the bulletin board (OTCBB, BB) → OTCBB and every other OTC tier → PINK.
// Test issues are skipped. ETF = Y sets instr_type ETF.

const OTHER_EXCHANGES: Record<string, string> = { A: 'AMEX', N: 'NYSE', P: 'NYSEARCA', Z: 'BATS' };

export function parseSymbolDirectory(text: string, source: string): ListingBatch {
  const batch: ListingBatch = { source, provider: 'nasdaq-trader', listings: [], problems: [] };
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  const header = (lines[0] ?? '').split('|').map((h) => h.trim().toLowerCase());
  const col = (name: string) => header.indexOf(name);
  const symCol = [col('symbol'), col('act symbol')].find((i) => i >= 0) ?? -1;
  if (symCol < 0 || !lines[0].includes('|')) {
    batch.problems.push(`not a symbol directory file (header "${(lines[0] ?? '').slice(0, 80)}")`);
    return batch;
  }
  const kind = col('market category') >= 0 ? 'nasdaq' : col('exchange') >= 0 ? 'other' : col('market tier') >= 0 ? 'otc' : null;
  if (!kind) {
    batch.problems.push('symbol directory without a Market Category, Exchange or Market Tier column');
    return batch;
  }
  const [nameCol, etfCol, testCol] = [col('security name'), col('etf'), col('test issue')];
  if (!lines.at(-1)!.startsWith('File Creation Time')) batch.problems.push('no "File Creation Time" line: the file may be cut short');
  let unsupported = 0;
  let otherMarket = 0;
  for (let i = 1; i < lines.length; i++) {
    const f = lines[i].split('|');
    if (f[0].startsWith('File Creation Time')) break;
    if (testCol >= 0 && f[testCol] === 'Y') continue;
    const s = normalizeSymbol(f[symCol] ?? '');
    if (!s.ok) { unsupported++; continue; }
    let market: string | undefined;
    if (kind === 'nasdaq') market = 'NASDAQ';
    else if (kind === 'other') market = OTHER_EXCHANGES[f[col('exchange')]?.trim()];
    else market = /\b(OTC)?BB\b/i.test(f[col('market tier')] ?? '') ? 'OTCBB' : 'PINK';
    if (!market) { otherMarket++; continue; }
    const listing: Listing = {
      symbol: s.symbol,
      name: f[nameCol]?.trim() || s.symbol,
      market,
      instr_type: etfCol >= 0 && f[etfCol] === 'Y' ? 'ETF' : 'EQUITY',
    };
    batch.listings.push(listing);
  }
  if (unsupported) batch.problems.push(`${unsupported} preferred shares, warrants, rights or units left out`);
  if (otherMarket) batch.problems.push(`${otherMarket} rows on an exchange the spec does not list (e.g. IEX) left out`);
  return batch;
}

export function nasdaqTraderProvider(baseUrl: string): Provider {
  return {
    name: 'nasdaq-trader',
    async listSymbols() {
      const out: ListingBatch[] = [];
      for (const file of ['nasdaqlisted.txt', 'otherlisted.txt']) {
        const url = `${baseUrl}/${file}`;
        try {
          out.push(parseSymbolDirectory(await fetchText(url), url));
        } catch (e) {
          out.push({ source: url, provider: 'nasdaq-trader', listings: [], problems: [(e as Error).message] });
        }
      }
      return out;
    },
  };
}
