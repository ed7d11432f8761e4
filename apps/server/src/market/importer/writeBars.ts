import type { DailyBars } from '@app/quant';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/index.ts';
import { toChunks, type BarChunk } from '../barChunks.ts';

const FIELDS = ['days', 'open', 'high', 'low', 'close', 'volume'] as const;

// Stored chunks are compared by an MD5 the database computes over the same bytes, so checking an
// unchanged history reads 32 characters per year instead of the blobs (PGlite is slow to hand
// large byteas to JS: a re-import took longer than the first one).
function chunkMd5(c: BarChunk): string {
  const h = createHash('md5');
  for (const f of FIELDS) h.update(c[f]);
  return h.digest('hex');
}

/** Makes the stored history of one symbol equal to `bars` (its whole history), in one transaction,
 *  touching only the years that differ. Returns how many bars were in changed years (0: unchanged). */
export async function writeSymbolBars(db: Db, symbol: string, bars: DailyBars): Promise<{ status: 'new' | 'updated' | 'unchanged'; barsWritten: number }> {
  const next = toChunks(bars);
  return db.tx(async (t) => {
    const stored = await t.query<{ year: number; n: number; md5: string }>(
      `SELECT year, n, md5(days || open || high || low || close || volume) AS md5 FROM daily_bar_chunks WHERE symbol = $1`,
      [symbol],
    );
    const byYear = new Map(stored.map((c) => [c.year, c]));
    const changed = next.filter((c) => {
      const old = byYear.get(c.year);
      byYear.delete(c.year);
      return !old || old.n !== c.n || old.md5 !== chunkMd5(c);
    });
    // One multi-row statement per symbol rather than a round trip per year.
    if (changed.length) {
      const params: unknown[] = [symbol];
      const values = changed.map((c) => {
        const at = params.length;
        params.push(c.year, c.n, c.days, c.open, c.high, c.low, c.close, c.volume);
        return `($1, ${Array.from({ length: 8 }, (_, k) => `$${at + k + 1}`).join(', ')})`;
      });
      await t.query(
        `INSERT INTO daily_bar_chunks (symbol, year, n, days, open, high, low, close, volume) VALUES ${values.join(', ')}
         ON CONFLICT (symbol, year) DO UPDATE SET n = EXCLUDED.n, days = EXCLUDED.days, open = EXCLUDED.open,
           high = EXCLUDED.high, low = EXCLUDED.low, close = EXCLUDED.close, volume = EXCLUDED.volume`,
        params,
      );
    }
    const written = changed.reduce((s, c) => s + c.n, 0);
    // Years the new history no longer has (a file that starts later than before).
    if (byYear.size) await t.query('DELETE FROM daily_bar_chunks WHERE symbol = $1 AND year = ANY($2::int[])', [symbol, [...byYear.keys()]]);
    return { status: !stored.length ? 'new' : changed.length || byYear.size ? 'updated' : 'unchanged', barsWritten: written };
  });
}
