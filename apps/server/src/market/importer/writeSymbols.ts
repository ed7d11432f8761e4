import type { Db } from '../../db/index.ts';
import type { Listing, ListingBatch } from '../providers/types.ts';

// Several sources describe the same symbol; each field is taken from the most trusted source that
// has it: the exchange and ETF flag from Nasdaq Trader's directory, then the screener; names,
// sectors, industries, market cap and last sale from the screener, then the directory, then an
// index constituents file (whose GICS sectors were mapped to the spec's, see constituents.ts).
const PRIORITY: Record<string, string[]> = {
  market: ['nasdaq-trader', 'nasdaq-screener', 'csv'],
  instr_type: ['nasdaq-trader', 'nasdaq-screener', 'csv'],
  default: ['nasdaq-screener', 'nasdaq-trader', 'csv'],
};
const FIELDS = ['name', 'market', 'instr_type', 'sector', 'industry', 'market_cap', 'last_sale', 'net_change', 'pct_change', 'volume'] as const;

export type MergedListing = Listing & { source: string };

export function mergeListings(batches: ListingBatch[]): Map<string, MergedListing> {
  const rank = (field: string, provider: string) => {
    const order = PRIORITY[field] ?? PRIORITY.default;
    const i = order.indexOf(provider);
    return i < 0 ? order.length : i;
  };
  const out = new Map<string, MergedListing>();
  const ranks = new Map<string, Record<string, number>>();
  for (const b of batches) {
    for (const l of b.listings) {
      let m = out.get(l.symbol);
      let r = ranks.get(l.symbol);
      if (!m || !r) {
        out.set(l.symbol, (m = { symbol: l.symbol, source: b.provider }));
        ranks.set(l.symbol, (r = {}));
      }
      for (const f of FIELDS) {
        const v = l[f];
        if (v === undefined) continue;
        const k = rank(f, b.provider);
        if (r[f] === undefined || k < r[f] || (k === r[f] && (m as any)[f] == null)) {
          (m as any)[f] = v;
          r[f] = k;
          if (f === 'market') m.source = b.provider; // the source that placed it on an exchange
        }
      }
    }
  }
  return out;
}

const COLS = ['symbol', 'name', 'market', 'instr_type', 'sector', 'industry', 'market_cap', 'last_sale', 'net_change', 'pct_change', 'last_volume', 'is_demo', 'source'] as const;
const TYPES = ['text', 'text', 'text', 'text', 'text', 'text', 'float8', 'float8', 'float8', 'float8', 'float8', 'bool', 'text'];
type Row = Record<(typeof COLS)[number], any>;

/** Market written for a symbol whose exchange no source named (e.g. only an index constituents
 *  file and a bars file know it). It matches no market filter of the scanner, which is honest. */
export const UNKNOWN_MARKET = 'UNKNOWN';

/** Writes the listings (merged with what is stored: a field no source gave keeps its value),
 *  touching only rows that differ. Returns the symbols written. */
export async function writeListings(db: Db, listings: MergedListing[], opts: { allowNoMarket?: boolean } = {}): Promise<Set<string>> {
  const written = new Set<string>();
  if (!listings.length) return written;
  const stored = new Map(
    (await db.query<Row>(`SELECT ${COLS.join(', ')} FROM symbols WHERE symbol = ANY($1::text[])`, [listings.map((l) => l.symbol)])).map((r) => [r.symbol, r]),
  );
  const rows: Row[] = [];
  for (const l of listings) {
    const old = stored.get(l.symbol);
    if (!old && !l.market && !opts.allowNoMarket) continue; // no exchange known: created with its bars
    const pick = <T>(v: T | undefined, o: T | undefined, d: T) => (v !== undefined ? v : o !== undefined ? o : d);
    const row: Row = {
      symbol: l.symbol,
      name: pick(l.name, old?.name, l.symbol),
      market: pick(l.market, old?.market, UNKNOWN_MARKET),
      instr_type: pick(l.instr_type, old?.instr_type, 'EQUITY'),
      sector: pick(l.sector, old?.sector, null),
      industry: pick(l.industry, old?.industry, null),
      market_cap: pick(l.market_cap, old?.market_cap, null),
      last_sale: pick(l.last_sale, old?.last_sale, null),
      net_change: pick(l.net_change, old?.net_change, null),
      pct_change: pick(l.pct_change, old?.pct_change, null),
      last_volume: pick(l.volume, old?.last_volume, null),
      is_demo: false,
      source: l.source,
    };
    if (old && COLS.every((c) => (old[c] ?? null) === (row[c] ?? null))) continue;
    rows.push(row);
  }
  for (let i = 0; i < rows.length; i += 2000) {
    const batch = rows.slice(i, i + 2000);
    await db.query(
      `INSERT INTO symbols (${COLS.join(', ')})
       SELECT * FROM unnest(${TYPES.map((t, k) => `$${k + 1}::${t}[]`).join(', ')})
       ON CONFLICT (symbol) DO UPDATE SET ${COLS.slice(1).map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, updated_at = now()`,
      COLS.map((c) => batch.map((r) => r[c])),
    );
    for (const r of batch) written.add(r.symbol);
  }
  return written;
}
