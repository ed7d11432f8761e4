import { dayChange } from '@app/contract';
import type { SeriesCache, SeriesEntry } from '../market/seriesCache.ts';

/** What every scan of one cache version shares: the entries in symbol order, the quote columns the
 *  Basic filters read (one typed array per field, NaN where a symbol has no bars), and the memo of
 *  per-symbol values (indicators' last values, latest fundamentals) filled as scans ask for them.
 *  A new cache version gets a new snapshot, so the memo is keyed by (version, symbol, value key). */
export interface Snapshot {
  version: number;
  entries: SeriesEntry[];
  price: Float64Array; // last close (the screener's last sale for a listing without bars)
  diff: Float64Array; // last close − previous close
  chg: Float64Array; // diff / previous close × 100
  volume: Float64Array; // last session's volume
  marketCap: Float64Array;
  memo: Map<string, MemoColumn>;
}

export interface MemoColumn {
  values: Float64Array;
  done: Uint8Array;
}

export function buildSnapshot(cache: SeriesCache): Snapshot {
  const entries = cache.all();
  const n = entries.length;
  const s: Snapshot = {
    version: cache.version,
    entries,
    price: new Float64Array(n).fill(NaN),
    diff: new Float64Array(n).fill(NaN),
    chg: new Float64Array(n).fill(NaN),
    volume: new Float64Array(n).fill(NaN),
    marketCap: new Float64Array(n).fill(NaN),
    memo: new Map(),
  };
  for (let i = 0; i < n; i++) {
    const { bars, info } = entries[i];
    const len = bars.close.length;
    if (info.market_cap !== null && info.market_cap !== undefined) s.marketCap[i] = info.market_cap;
    if (len === 0) {
      // A listing known only from the screener still shows its last sale and change there.
      if (info.last_sale != null) s.price[i] = info.last_sale;
      if (info.net_change != null) s.diff[i] = info.net_change;
      if (info.pct_change != null) s.chg[i] = info.pct_change;
      continue;
    }
    const last = bars.close[len - 1];
    s.price[i] = last;
    s.volume[i] = bars.volume[len - 1];
    const change = dayChange(last, len > 1 ? bars.close[len - 2] : null);
    if (change) {
      s.diff[i] = change.amount;
      s.chg[i] = change.percent ?? NaN;
    }
  }
  return s;
}

/** The value `key` of symbol i, computed once per snapshot (or every time when memo is off, which is
 *  what the benchmark's naive baseline measures). */
// Queries choose periods, so the set of keys is open-ended; the oldest column goes once this many exist
// (about 72 KB each at 8,000 symbols).
export const MEMO_MAX_COLUMNS = 512;

export function memoValue(s: Snapshot, key: string, i: number, compute: (e: SeriesEntry) => number, memo = true): number {
  if (!memo) return compute(s.entries[i]);
  let col = s.memo.get(key);
  if (!col) {
    if (s.memo.size >= MEMO_MAX_COLUMNS) s.memo.delete(s.memo.keys().next().value!);
    const n = s.entries.length;
    col = { values: new Float64Array(n), done: new Uint8Array(n) };
    s.memo.set(key, col);
  }
  if (!col.done[i]) {
    col.values[i] = compute(s.entries[i]);
    col.done[i] = 1;
  }
  return col.values[i];
}
