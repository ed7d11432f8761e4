import { fetchJson } from './http.ts';
import { normalizeSymbol } from './symbols.ts';
import type { Listing, ListingBatch, Provider } from './types.ts';

// Nasdaq's stock screener: the listed universe with name, sector, industry, market cap, last sale
// and change. The web endpoint answers {data: {rows: [...]}} (download=true gives every row); saved
// downloads are the bare rows array. Every field is a string: lastsale "$1.23", pctchange
// "-3.96%", marketCap "66410099.00" ("0.00" or "" when unknown), sector "" when unknown.
// Sector names are Nasdaq's, which are the spec's 12.

export const SCREENER_EXCHANGES = { nasdaq: 'NASDAQ', nyse: 'NYSE', amex: 'AMEX' } as const;

interface ScreenerRow {
  symbol?: string; name?: string; lastsale?: string; netchange?: string; pctchange?: string;
  volume?: string; marketCap?: string; sector?: string; industry?: string;
}

const num = (s: string | undefined) => {
  if (s === undefined) return null;
  const t = s.replace(/[$,%\s]/g, '');
  if (!t || t === 'NA' || t === 'N/A') return null;
  const v = Number(t);
  return Number.isFinite(v) ? v : null;
};

/** Parses a screener answer (either shape) for one exchange. */
export function parseScreener(json: unknown, market: string, source: string): ListingBatch {
  const batch: ListingBatch = { source, provider: 'nasdaq-screener', listings: [], problems: [] };
  const rows = Array.isArray(json) ? json : (json as any)?.data?.rows ?? (json as any)?.data?.table?.rows;
  if (!Array.isArray(rows)) {
    const msg = (json as any)?.status?.bCodeMessage?.[0]?.errorMessage ?? (json as any)?.message;
    batch.problems.push(`not a screener answer${msg ? `: ${msg}` : ' (no rows array)'}`);
    return batch;
  }
  let preferred = 0;
  rows.forEach((r: ScreenerRow, i) => {
    const s = normalizeSymbol(String(r?.symbol ?? ''));
    if (!s.ok) {
      if (s.reason.includes('preferred')) preferred++;
      else batch.problems.push(`row ${i + 1}: ${s.reason}`);
      return;
    }
    const cap = num(r.marketCap);
    const listing: Listing = {
      symbol: s.symbol,
      name: r.name?.trim() || s.symbol,
      market,
      instr_type: 'EQUITY',
      sector: r.sector?.trim() || null,
      industry: r.industry?.trim() || null,
      market_cap: cap && cap > 0 ? cap : null, // "0.00" means not known, not worthless
      last_sale: num(r.lastsale),
      net_change: num(r.netchange),
      pct_change: num(r.pctchange),
      volume: num(r.volume),
    };
    batch.listings.push(listing);
  });
  if (preferred) batch.problems.push(`${preferred} preferred share rows (symbols with '^') left out`);
  const noSector = batch.listings.filter((l) => !l.sector).length;
  if (noSector) batch.problems.push(`${noSector} rows without a sector (kept, sector empty)`);
  return batch;
}

export function screenerProvider(baseUrl: string): Provider {
  return {
    name: 'nasdaq-screener',
    async listSymbols() {
      const out: ListingBatch[] = [];
      for (const [exchange, market] of Object.entries(SCREENER_EXCHANGES)) {
        const url = `${baseUrl}/api/screener/stocks?tableonly=true&download=true&exchange=${exchange}`;
        try {
          // The endpoint refuses clients that do not look like a browser.
          const json = await fetchJson(url, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Stockbench', accept: 'application/json' } });
          out.push(parseScreener(json, market, url));
        } catch (e) {
          out.push({ source: url, provider: 'nasdaq-screener', listings: [], problems: [(e as Error).message] });
        }
      }
      return out;
    },
  };
}
