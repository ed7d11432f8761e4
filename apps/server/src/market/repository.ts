import type { DailyBars } from '@app/quant';
import type { Db } from '../db/index.ts';
import { fromChunks, toChunks, type BarChunk } from './barChunks.ts';

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
}

export const FUNDAMENTAL_METRICS = [
  'revenue', 'netincome', 'epsbasic', 'epsdiluted', 'operatingcashflow', 'fcf', 'grossprofit',
  'operatingincome', 'ebitda', 'ebit', 'totalassets', 'currentliabilities', 'totalliabilities',
  'totalequity', 'totalcash', 'netcash', 'workingcapital', 'investingcashflow', 'financingcashflow',
  'netcashflow', 'operatingmargin', 'netprofitmargin', 'roe', 'roa', 'roic', 'debttoequity',
  'currentratio', 'quickratio',
] as const;
export type FundamentalMetric = (typeof FUNDAMENTAL_METRICS)[number];

export interface FundamentalPeriod {
  symbol: string;
  period_type: 'QUARTERLY' | 'ANNUAL';
  period_end: string; // YYYY-MM-DD
  values: Partial<Record<FundamentalMetric, number | null>>;
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
  return db.query<SymbolInfo>(`SELECT ${SYMBOL_COLS.join(', ')} FROM symbols ORDER BY symbol`);
}

/** Replaces a symbol's whole daily history (bars sorted by day, unique days). */
export async function replaceBars(db: Db, symbol: string, bars: DailyBars) {
  await db.tx(async (t) => {
    await t.query('DELETE FROM daily_bar_chunks WHERE symbol = $1', [symbol]);
    for (const c of toChunks(bars)) await insertChunk(t, symbol, c);
  });
}

async function insertChunk(db: Db, symbol: string, c: BarChunk) {
  await db.query(
    `INSERT INTO daily_bar_chunks (symbol, year, n, days, open, high, low, close, volume)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (symbol, year) DO UPDATE SET n = EXCLUDED.n, days = EXCLUDED.days, open = EXCLUDED.open,
       high = EXCLUDED.high, low = EXCLUDED.low, close = EXCLUDED.close, volume = EXCLUDED.volume`,
    [symbol, c.year, c.n, c.days, c.open, c.high, c.low, c.close, c.volume],
  );
}

/** Loads the daily history of the given symbols (all when omitted), keyed by symbol. */
export async function loadBars(db: Db, symbols?: string[]): Promise<Map<string, DailyBars>> {
  const rows = await db.query<BarChunk & { symbol: string }>(
    `SELECT symbol, year, n, days, open, high, low, close, volume FROM daily_bar_chunks
     ${symbols ? 'WHERE symbol = ANY($1::text[])' : ''} ORDER BY symbol, year`,
    symbols ? [symbols] : [],
  );
  const out = new Map<string, DailyBars>();
  let i = 0;
  while (i < rows.length) {
    let j = i;
    while (j < rows.length && rows[j].symbol === rows[i].symbol) j++;
    out.set(rows[i].symbol, fromChunks(rows.slice(i, j)));
    i = j;
  }
  return out;
}

/** Inserts or replaces reported periods (all 28 metric columns written together). */
export async function upsertFundamentals(db: Db, periods: FundamentalPeriod[]) {
  const cols = ['symbol', 'period_type', 'period_end', ...FUNDAMENTAL_METRICS];
  for (let i = 0; i < periods.length; i += 2000) {
    const batch = periods.slice(i, i + 2000);
    const arrays: unknown[][] = [batch.map((p) => p.symbol), batch.map((p) => p.period_type), batch.map((p) => p.period_end)];
    for (const m of FUNDAMENTAL_METRICS) arrays.push(batch.map((p) => p.values[m] ?? null));
    const types = ['text', 'text', 'date', ...FUNDAMENTAL_METRICS.map(() => 'float8')];
    await db.query(
      `INSERT INTO fundamentals (${cols.join(', ')})
       SELECT * FROM unnest(${types.map((t, k) => `$${k + 1}::${t}[]`).join(', ')})
       ON CONFLICT (symbol, period_type, period_end) DO UPDATE SET
       ${FUNDAMENTAL_METRICS.map((m) => `${m} = EXCLUDED.${m}`).join(', ')}`,
      arrays,
    );
  }
}

export async function loadFundamentals(db: Db): Promise<FundamentalPeriod[]> {
  const rows = await db.query<any>(`SELECT * FROM fundamentals ORDER BY symbol, period_type, period_end`);
  return rows.map((r) => {
    const values: FundamentalPeriod['values'] = {};
    for (const m of FUNDAMENTAL_METRICS) values[m] = r[m];
    return { symbol: r.symbol, period_type: r.period_type, period_end: r.period_end, values };
  });
}
