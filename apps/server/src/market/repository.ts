import { allocSharedBars, type DailyBars } from '@app/quant';
import { FA_METRICS } from '@app/contract';
import type { Db } from '../db/index.ts';
import { copyBinary, type CopyType } from '../db/copyBinary.ts';
import { toChunks, type BarChunk } from './barChunks.ts';

export interface SymbolInfo {
  symbol: string;
  name: string;
  market: string;
  instr_type: 'EQUITY' | 'ETF';
  sector: string | null;
  industry: string | null;
  market_cap: number | null;
  is_demo?: boolean;
  source?: string | null;
  // The screener's last sale and change (read back, written by the importer): what a listing
  // without bars of its own can still show.
  last_sale?: number | null;
  net_change?: number | null;
  pct_change?: number | null;
  /** the last session of a listing that stopped trading (YYYY-MM-DD); null while it trades */
  delisted_on?: string | null;
}

// Units (the demo generator and every importer agree): money in US dollars, EPS in dollars per share;
// operatingmargin, netprofitmargin, roe, roa and roic in percent (12.5 = 12.5 %), of the period, not
// annualised; debttoequity, currentratio and quickratio as plain ratios (1.8 = 1.8×).
export const FUNDAMENTAL_METRICS = FA_METRICS;
export type FundamentalMetric = (typeof FUNDAMENTAL_METRICS)[number];

export interface FundamentalPeriod {
  symbol: string;
  period_type: 'QUARTERLY' | 'ANNUAL';
  period_end: string; // YYYY-MM-DD
  /** the day the period's numbers became public (YYYY-MM-DD); written as period end + 45 days
   *  (FILING_LAG_DAYS) when a source does not say */
  filed?: string;
  /** shares outstanding the filing reported (null when the source has none) */
  shares_outstanding?: number | null;
  values: Partial<Record<FundamentalMetric, number | null>>;
}

/** Days from a period's end to its filing when a source gives no filing date: about when a 10-Q is due. */
export const FILING_LAG_DAYS = 45;

/** The filing date a period is read with: its own, else period end + FILING_LAG_DAYS. */
export function filedOrDefault(p: Pick<FundamentalPeriod, 'period_end' | 'filed'>): string {
  if (p.filed) return p.filed;
  const d = new Date(`${p.period_end}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + FILING_LAG_DAYS);
  return d.toISOString().slice(0, 10);
}

const SYMBOL_COLS = ['symbol', 'name', 'market', 'instr_type', 'sector', 'industry', 'market_cap', 'is_demo', 'source'] as const;

/** Inserts or updates listings in one statement per batch (arrays unnested server-side). */
export async function upsertSymbols(db: Db, rows: SymbolInfo[]) {
  for (let i = 0; i < rows.length; i += 2000) {
    const batch = rows.slice(i, i + 2000);
    const cols = SYMBOL_COLS.map((c) =>
      batch.map((r) => (c === 'is_demo' ? !!r.is_demo : ((r as any)[c] ?? null))),
    );
    await db.query(
      `INSERT INTO symbols (${SYMBOL_COLS.join(', ')})
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::bool[], $9::text[])
       ON CONFLICT (symbol) DO UPDATE SET name = EXCLUDED.name, market = EXCLUDED.market, instr_type = EXCLUDED.instr_type,
         sector = COALESCE(EXCLUDED.sector, symbols.sector), industry = COALESCE(EXCLUDED.industry, symbols.industry),
         market_cap = COALESCE(EXCLUDED.market_cap, symbols.market_cap), is_demo = EXCLUDED.is_demo,
         source = EXCLUDED.source, updated_at = now()`,
      cols,
    );
  }
}

export async function listSymbols(db: Db): Promise<SymbolInfo[]> {
  return db.query<SymbolInfo>(`SELECT ${SYMBOL_COLS.join(', ')}, last_sale, net_change, pct_change, to_char(delisted_on, 'YYYY-MM-DD') AS delisted_on FROM symbols ORDER BY symbol`);
}

/** Marks listings as delisted on their last session (the demo market's; an import that knows it). */
export async function markDelisted(db: Db, rows: { symbol: string; delisted_on: string }[]) {
  if (!rows.length) return;
  await db.query(
    `UPDATE symbols SET delisted_on = d.day FROM unnest($1::text[], $2::date[]) AS d(symbol, day) WHERE symbols.symbol = d.symbol`,
    [rows.map((r) => r.symbol), rows.map((r) => r.delisted_on)],
  );
}

// bytea travels as base64 text, coded in SQL (encode/decode) and by Buffer's native codec: PGlite's own
// bytea codec converts byte by byte in JavaScript, which made loading the market take minutes.
const CHUNK_COLS = ['days', 'open', 'high', 'low', 'close', 'volume'] as const;
const CHUNK_FIELD = { days: 'day', open: 'open', high: 'high', low: 'low', close: 'close', volume: 'volume' } as const;
const B64_PARAMS = (first: number) => CHUNK_COLS.map((_, k) => `decode($${first + k}, 'base64')`).join(', ');
const base64 = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('base64');
const chunkBase64 = (c: BarChunk) => CHUNK_COLS.map((k) => base64(c[k]));

/** Replaces a symbol's whole daily history (bars sorted by day, unique days). */
export async function replaceBars(db: Db, symbol: string, bars: DailyBars) {
  await db.tx(async (t) => {
    await t.query('DELETE FROM daily_bar_chunks WHERE symbol = $1', [symbol]);
    for (const c of toChunks(bars)) await insertChunk(t, symbol, c);
  });
}

/** Writes the whole daily history of many symbols (replacing what they had), in bulk: one binary
 *  COPY where the database takes one (the embedded one), else multi-row inserts of year chunks. */
export async function replaceBarsMany(db: Db, series: Array<{ symbol: string; bars: DailyBars }>) {
  if (!series.length) return;
  await db.query('DELETE FROM daily_bar_chunks WHERE symbol = ANY($1::text[])', [series.map((s) => s.symbol)]);
  const rows = series.flatMap((s) => toChunks(s.bars).map((c) => ({ symbol: s.symbol, c })));
  if (db.copyBinaryIn) {
    const bytes = copyBinary(
      CHUNK_COPY_TYPES,
      rows.map(({ symbol, c }) => [symbol, c.year, c.n, ...CHUNK_COLS.map((k) => c[k])]),
    );
    return db.copyBinaryIn('daily_bar_chunks', ['symbol', 'year', 'n', ...CHUNK_COLS], bytes);
  }
  const perStatement = 200; // × 9 parameters, well under the protocol's 65,535
  for (let i = 0; i < rows.length; i += perStatement) {
    const batch = rows.slice(i, i + perStatement);
    const params: unknown[] = [];
    const tuples = batch.map(({ symbol, c }) => {
      const at = params.length;
      params.push(symbol, c.year, c.n, ...chunkBase64(c));
      return `($${at + 1}, $${at + 2}, $${at + 3}, ${B64_PARAMS(at + 4)})`;
    });
    await db.query(
      `INSERT INTO daily_bar_chunks (symbol, year, n, days, open, high, low, close, volume) VALUES ${tuples.join(', ')}`,
      params,
    );
  }
}
const CHUNK_COPY_TYPES: CopyType[] = ['text', 'int4', 'int4', ...CHUNK_COLS.map(() => 'bytea' as const)];

async function insertChunk(db: Db, symbol: string, c: BarChunk) {
  await db.query(
    `INSERT INTO daily_bar_chunks (symbol, year, n, days, open, high, low, close, volume)
     VALUES ($1, $2, $3, ${B64_PARAMS(4)})
     ON CONFLICT (symbol, year) DO UPDATE SET n = EXCLUDED.n, days = EXCLUDED.days, open = EXCLUDED.open,
       high = EXCLUDED.high, low = EXCLUDED.low, close = EXCLUDED.close, volume = EXCLUDED.volume`,
    [symbol, c.year, c.n, ...chunkBase64(c)],
  );
}

/** Loads the daily history of the given symbols (all when omitted), keyed by symbol. Reads a few
 *  hundred symbols per query so the text form of the whole market is never in memory at once. */
export async function loadBars(db: Db, symbols?: string[]): Promise<Map<string, DailyBars>> {
  const names = symbols ?? (await db.query<{ symbol: string }>('SELECT DISTINCT symbol FROM daily_bar_chunks ORDER BY symbol')).map((r) => r.symbol);
  const out = new Map<string, DailyBars>();
  if (db.copyBinaryOut) {
    for (let b = 0; b < names.length; b += 200) {
      await new Promise((r) => setImmediate(r)); // keep a listening server responsive
      readCopiedChunks(await db.copyBinaryOut(chunkSelect(names.slice(b, b + 200))), out);
    }
    return out;
  }
  for (let b = 0; b < names.length; b += 200) {
    // PGlite answers in microtasks: let the event loop turn so a listening server stays responsive.
    await new Promise((r) => setImmediate(r));
    const textRows = await db.query<{ symbol: string; year: number; n: number } & Record<(typeof CHUNK_COLS)[number], string>>(
      `SELECT symbol, year, n, ${CHUNK_COLS.map((c) => `encode(${c}, 'base64') AS ${c}`).join(', ')} FROM daily_bar_chunks
       WHERE symbol = ANY($1::text[]) ORDER BY symbol, year`,
      [names.slice(b, b + 200)],
    );
    // Decode each year's base64 straight into the symbol's typed arrays (one block of shared memory
    // per symbol, which engine threads read in place): no per-chunk buffers.
    let i = 0;
    while (i < textRows.length) {
      let j = i;
      let total = 0;
      while (j < textRows.length && textRows[j].symbol === textRows[i].symbol) total += textRows[j++].n;
      const bars = allocSharedBars(total);
      let at = 0;
      for (let k = i; k < j; k++) {
        const r = textRows[k];
        for (const c of CHUNK_COLS) {
          const arr = bars[CHUNK_FIELD[c]];
          const width = arr.BYTES_PER_ELEMENT;
          Buffer.from(arr.buffer, arr.byteOffset, arr.byteLength).write(r[c], at * width, r.n * width, 'base64');
        }
        at += r.n;
      }
      out.set(textRows[i].symbol, bars);
      i = j;
    }
  }
  return out;
}

// PGlite: binary COPY hands the raw bytea over in one buffer, about 40 % faster than base64 text.
// COPY takes no parameters, so the symbols (read from the database itself) are quoted as literals.
const chunkSelect = (symbols: string[]) =>
  `SELECT symbol, n, ${CHUNK_COLS.join(', ')} FROM daily_bar_chunks
   WHERE symbol IN (${symbols.map((s) => `'${s.replaceAll("'", "''")}'`).join(', ')}) ORDER BY symbol, year`;

/** Reads PostgreSQL's binary COPY format (a 19-byte header, then per row a field count and
 *  length-prefixed big-endian fields; -1 ends it) of chunkSelect rows into per-symbol bars. */
function readCopiedChunks(buf: Buffer, out: Map<string, DailyBars>) {
  type Row = { symbol: string; n: number; at: number[] };
  const rows: Row[] = [];
  if (buf.length >= 19) {
    let p = 19 + buf.readInt32BE(15); // signature (11), flags (4), header extension length (4) and area
    for (;;) {
      const fields = buf.readInt16BE(p);
      p += 2;
      if (fields === -1) break;
      const symLen = buf.readInt32BE(p);
      const symbol = buf.toString('utf8', p + 4, p + 4 + symLen);
      p += 4 + symLen + 4; // symbol, then n's length (always 4)
      const n = buf.readInt32BE(p);
      p += 4;
      const at: number[] = [];
      for (let k = 0; k < CHUNK_COLS.length; k++) {
        at.push(p + 4);
        p += 4 + buf.readInt32BE(p);
      }
      rows.push({ symbol, n, at });
    }
  }
  let i = 0;
  while (i < rows.length) {
    let j = i;
    let total = 0;
    while (j < rows.length && rows[j].symbol === rows[i].symbol) total += rows[j++].n;
    const bars = allocSharedBars(total);
    let day = 0;
    for (let k = i; k < j; k++) {
      CHUNK_COLS.forEach((c, f) => {
        const arr = bars[CHUNK_FIELD[c]];
        const width = arr.BYTES_PER_ELEMENT;
        buf.copy(new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength), day * width, rows[k].at[f], rows[k].at[f] + rows[k].n * width);
      });
      day += rows[k].n;
    }
    out.set(rows[i].symbol, bars);
    i = j;
  }
}

/** Inserts or replaces reported periods (all 28 metric columns written together). */
export async function upsertFundamentals(db: Db, periods: FundamentalPeriod[]) {
  const cols = ['symbol', 'period_type', 'period_end', ...FUNDAMENTAL_METRICS, 'filed', 'shares_outstanding'];
  const onConflict = `ON CONFLICT (symbol, period_type, period_end) DO UPDATE SET
     ${[...FUNDAMENTAL_METRICS, 'filed', 'shares_outstanding'].map((m) => `${m} = EXCLUDED.${m}`).join(', ')}`;
  if (db.copyBinaryIn && periods.length) {
    // COPY cannot update a row that exists: copy into a scratch table, then upsert from it. The
    // transaction keeps the scratch table to this call (PGlite has one session for every caller).
    const rows = periods.map((p) => [p.symbol, p.period_type, p.period_end, ...FUNDAMENTAL_METRICS.map((m) => p.values[m] ?? null), filedOrDefault(p), p.shares_outstanding ?? null]);
    const bytes = copyBinary(FUNDAMENTAL_COPY_TYPES, rows);
    await db.tx(async (t) => {
      await t.exec('CREATE TEMP TABLE fundamentals_in (LIKE fundamentals) ON COMMIT DROP');
      await t.copyBinaryIn!('fundamentals_in', cols, bytes);
      await t.exec(`INSERT INTO fundamentals SELECT * FROM fundamentals_in ${onConflict}; DROP TABLE fundamentals_in`);
    });
    return;
  }
  for (let i = 0; i < periods.length; i += 2000) {
    const batch = periods.slice(i, i + 2000);
    const arrays: unknown[][] = [batch.map((p) => p.symbol), batch.map((p) => p.period_type), batch.map((p) => p.period_end)];
    for (const m of FUNDAMENTAL_METRICS) arrays.push(batch.map((p) => p.values[m] ?? null));
    arrays.push(batch.map(filedOrDefault), batch.map((p) => p.shares_outstanding ?? null));
    const types = ['text', 'text', 'date', ...FUNDAMENTAL_METRICS.map(() => 'float8'), 'date', 'float8'];
    await db.query(
      `INSERT INTO fundamentals (${cols.join(', ')})
       SELECT * FROM unnest(${types.map((t, k) => `$${k + 1}::${t}[]`).join(', ')})
       ${onConflict}`,
      arrays,
    );
  }
}
const FUNDAMENTAL_COPY_TYPES: CopyType[] = ['text', 'text', 'date', ...FUNDAMENTAL_METRICS.map(() => 'float8' as const), 'date', 'float8'];

export async function loadFundamentals(db: Db): Promise<FundamentalPeriod[]> {
  // One JSON document of arrays instead of ~50 k rows × 31 columns: the drivers' per-field parsing
  // was most of the start-up time, and JSON.parse is native. Floats print exactly (PostgreSQL's
  // shortest round-trip form).
  const [{ j }] = await db.query<{ j: string }>(
    `SELECT coalesce(json_agg(json_build_array(symbol, period_type, period_end, ${FUNDAMENTAL_METRICS.join(', ')}, filed, shares_outstanding)
       ORDER BY symbol, period_type, period_end), '[]')::text AS j FROM fundamentals`,
  );
  return (JSON.parse(j) as any[][]).map((r) => {
    const values: FundamentalPeriod['values'] = {};
    for (let k = 0; k < FUNDAMENTAL_METRICS.length; k++) values[FUNDAMENTAL_METRICS[k]] = r[k + 3];
    const n = FUNDAMENTAL_METRICS.length + 3;
    return { symbol: r[0], period_type: r[1], period_end: r[2], filed: r[n] ?? filedOrDefault({ period_end: r[2] }), shares_outstanding: r[n + 1] ?? null, values };
  });
}

/** True while the market is the generated demo market (no real data imported yet). */
export async function isDemoData(db: Db): Promise<boolean> {
  const rows = await db.query<{ value: { demo?: boolean } | null }>("SELECT value FROM app_meta WHERE key = 'data_source'");
  return rows[0]?.value?.demo === true;
}

/** The market data's last change (app_meta 'market_change', written by every import in any process;
 *  runImport.ts noteMarketChange): its version and the symbols it touched. */
export async function lastMarketChange(db: Db): Promise<{ version: number; symbols: string[] } | null> {
  const [row] = await db.query<{ value: { version: number; symbols: string[] } }>(`SELECT value FROM app_meta WHERE key = 'market_change'`);
  return row?.value ?? null;
}
