import { parse } from 'csv-parse/sync';
import type { ListingBatch } from './types.ts';
import { normalizeSymbol } from './symbols.ts';

/** The spec's 12 sectors (§9); Nasdaq's screener already uses these names. */
export const SECTORS = [
  'Basic Materials', 'Consumer Discretionary', 'Consumer Staples', 'Energy', 'Finance', 'Health Care',
  'Industrials', 'Miscellaneous', 'Real Estate', 'Technology', 'Telecommunications', 'Utilities',
] as const;

// GICS sector → the spec's sector. Names that match keep their name; the rest go to the nearest
// Nasdaq sector: Financials → Finance, Information Technology → Technology, Materials → Basic
// Materials, Communication Services (telecoms, media, interactive services) → Telecommunications.
// Anything unknown lands in Miscellaneous, as Nasdaq does.
const GICS_TO_SECTOR: Record<string, (typeof SECTORS)[number]> = {
  'communication services': 'Telecommunications',
  'telecommunication services': 'Telecommunications',
  'consumer discretionary': 'Consumer Discretionary',
  'consumer staples': 'Consumer Staples',
  energy: 'Energy',
  financials: 'Finance',
  'health care': 'Health Care',
  industrials: 'Industrials',
  'information technology': 'Technology',
  materials: 'Basic Materials',
  'real estate': 'Real Estate',
  utilities: 'Utilities',
};

export function sectorFromGics(gics: string): (typeof SECTORS)[number] | null {
  const g = gics.trim().toLowerCase();
  if (!g) return null;
  const spec = SECTORS.find((s) => s.toLowerCase() === g);
  return spec ?? GICS_TO_SECTOR[g] ?? 'Miscellaneous';
}

/** True when a CSV header is an index-constituents list (Symbol, Name, Sector) rather than prices. */
export function isConstituentsHeader(firstLine: string): boolean {
  const h = firstLine.toLowerCase().split(',').map((s) => s.trim().replace(/"/g, ''));
  return h.includes('symbol') && h.includes('name') && !h.includes('close');
}

/** An index constituents file (`Symbol,Name,Sector` with GICS sectors): names and sectors, no market. */
export function parseConstituents(text: string, source: string): ListingBatch {
  const batch: ListingBatch = { source, provider: 'csv', listings: [], problems: [] };
  let rows: Record<string, string>[];
  try {
    rows = parse(text, { columns: (h: string[]) => h.map((x) => x.trim().toLowerCase()), skip_empty_lines: true, trim: true, bom: true });
  } catch (e) {
    batch.problems.push(`not a readable CSV: ${(e as Error).message}`);
    return batch;
  }
  rows.forEach((r, i) => {
    const symbol = normalizeSymbol(r.symbol ?? '');
    if (!symbol.ok) return void batch.problems.push(`line ${i + 2}: ${symbol.reason}`);
    batch.listings.push({
      symbol: symbol.symbol,
      name: r.name || undefined,
      sector: r.sector ? sectorFromGics(r.sector) : undefined,
      industry: r.industry || r['sub-industry'] || r['gics sub-industry'] || undefined,
    });
  });
  return batch;
}
