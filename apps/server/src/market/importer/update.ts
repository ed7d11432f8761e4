import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { networkProviders } from '../providers/index.ts';
import { runImport, type ImportOptions } from './runImport.ts';
import type { MergedListing } from './writeSymbols.ts';

/** Which symbols the bars and fundamentals providers fetch: the imported (non-demo) symbols that
 *  already have bars, plus every listed equity when `all` is set, the listings this update read
 *  included (they are written with its bars, in one transaction). Listing providers always refresh
 *  the whole universe. */
export async function symbolsToUpdate(db: Db, all = false, listings: Map<string, MergedListing> = new Map()): Promise<string[]> {
  const rows = await db.query<{ symbol: string }>(
    all
      ? `SELECT symbol FROM symbols WHERE NOT is_demo AND instr_type = 'EQUITY' ORDER BY symbol`
      : `SELECT DISTINCT s.symbol FROM symbols s JOIN daily_bar_chunks c ON c.symbol = s.symbol WHERE NOT s.is_demo ORDER BY s.symbol`,
  );
  const out = new Set(rows.map((r) => r.symbol));
  if (all) {
    for (const l of listings.values()) {
      if (l.instr_type && l.instr_type !== 'EQUITY') out.delete(l.symbol);
      else if (l.market) out.add(l.symbol);
    }
  }
  return [...out].sort();
}

/** `npm run data -- update` and the daily job: every configured network provider, in one import. */
export async function runUpdate(db: Db, config: Config, opts: Partial<ImportOptions> & { all?: boolean } = {}) {
  const providers = networkProviders(config);
  if (!providers.length) throw new Error('No network provider configured: set MARKET_PROVIDERS (e.g. nasdaq-trader,nasdaq-screener,yahoo,sec-edgar).');
  return runImport(db, providers, {
    command: 'update',
    sources: providers.map((p) => p.name).join(','),
    ...opts,
    // Chosen after the listing providers wrote, so that `all` includes new listings.
    symbols: opts.symbols ?? ((d, listings) => symbolsToUpdate(d, opts.all, listings)),
  });
}
