import { parse } from 'csv-parse/sync';
import type { DailyBars } from '@app/quant';
import { dayFromIso, emptyBars } from '../barChunks.ts';

// Parses one daily-bars CSV in any of the layouts we accept, told apart by the header:
//   plain         date,open,high,low,close,volume              (already adjusted; `timestamp` also accepted)
//   alphavantage  timestamp,open,high,low,close,adjusted_close,volume,dividend_amount,split_coefficient
//                 raw prices → price factor adjusted_close/close on O,H,L,C; volume × the product of
//                 the split coefficients of all later days (ARCHITECTURE.md)
//   stooq         <TICKER>,<PER>,<DATE>,<TIME>,<OPEN>,<HIGH>,<LOW>,<CLOSE>,<VOL>,<OPENINT> (bulk files,
//                 DATE as YYYYMMDD; Stooq's prices are already adjusted). Stooq's single-symbol download
//                 is Date,Open,High,Low,Close,Volume, which is the plain layout.
//   yahoo         Date,Open,High,Low,Close,Adj Close,Volume: Close and Volume are split-adjusted, Adj Close
//                 also for dividends → factor adj/close on O,H,L,C, volume as is.
// Rows are sorted oldest first whatever the file's order; bad rows are skipped and reported.

export type BarsLayout = 'plain' | 'alphavantage' | 'stooq' | 'yahoo';

export interface ParsedBars {
  layout: BarsLayout | null;
  symbol: string | null; // from a ticker column (Stooq bulk files), else null
  bars: DailyBars | null; // null: the whole file was rejected
  problems: string[];
}

const MAX_ROW_PROBLEMS = 5;
const norm = (h: string) => h.toLowerCase().replace(/[<>"\s_]/g, '');

interface Columns {
  layout: BarsLayout;
  date: number; open: number; high: number; low: number; close: number; volume: number;
  adj?: number; split?: number; ticker?: number;
}

function detect(header: string[]): Columns | null {
  const h = header.map(norm);
  const at = (...names: string[]) => h.findIndex((x) => names.includes(x));
  const date = at('date', 'timestamp');
  const [open, high, low, close, volume] = [at('open'), at('high'), at('low'), at('close'), at('volume', 'vol')];
  if (date < 0 || [open, high, low, close, volume].some((i) => i < 0)) return null;
  const base = { date, open, high, low, close, volume };
  if (h.includes('adjustedclose') && h.includes('splitcoefficient'))
    return { layout: 'alphavantage', ...base, adj: at('adjustedclose'), split: at('splitcoefficient') };
  if (h.includes('adjclose')) return { layout: 'yahoo', ...base, adj: at('adjclose') };
  if (h.includes('ticker') && h.includes('per')) return { layout: 'stooq', ...base, ticker: at('ticker') };
  return { layout: 'plain', ...base };
}

/** What a file holds when it is not prices: an API's error or rate-limit note, an HTML page… */
export function describeNonCsv(text: string): string | null {
  const t = text.trim();
  if (!t) return 'empty file';
  if (t.startsWith('{') || t.startsWith('[')) {
    try {
      const j = JSON.parse(t);
      const msg = typeof j === 'object' && j ? Object.entries(j).map(([k, v]) => `${k}: ${String(v)}`)[0] : null;
      return `API error instead of prices${msg ? ` (${msg.slice(0, 160)})` : ''}`;
    } catch {
      return `API error instead of prices (${t.replace(/\s+/g, ' ').slice(0, 80)})`;
    }
  }
  if (/^<(!doctype|html|\?xml|head|body)/i.test(t)) return 'an HTML page instead of prices'; // not Stooq's <TICKER> header
  return null;
}

function parseDate(raw: string, layout: BarsLayout): number | null {
  const s = raw.trim();
  const iso = layout === 'stooq' && /^\d{8}$/.test(s) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}` : s.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const d = dayFromIso(iso);
  return Number.isFinite(d) ? d : null;
}

export function parseBarsCsv(text: string): ParsedBars {
  const reject = (why: string, layout: BarsLayout | null = null): ParsedBars => ({ layout, symbol: null, bars: null, problems: [why] });
  const nonCsv = describeNonCsv(text);
  if (nonCsv) return reject(nonCsv);
  let rows: string[][];
  try {
    // Price files never quote; splitting lines ourselves is 3× faster than the full CSV parser,
    // which still reads any file that does quote.
    rows = text.includes('"')
      ? parse(text, { relax_column_count: true, skip_empty_lines: true, trim: true, bom: true })
      : text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim()).map((l) => l.split(','));
  } catch (e) {
    return reject(`not a readable CSV: ${(e as Error).message}`);
  }
  const cols = detect(rows[0] ?? []);
  if (!cols) return reject(`unknown header "${(rows[0] ?? []).join(',').slice(0, 120)}"`);

  const problems: string[] = [];
  let bad = 0;
  const skip = (line: number, why: string) => {
    if (++bad <= MAX_ROW_PROBLEMS) problems.push(`line ${line}: ${why}`);
  };
  type Row = { day: number; o: number; h: number; l: number; c: number; v: number; adj: number; split: number };
  const good: Row[] = [];
  let symbol: string | null = null;
  for (let i = 1; i < rows.length; i++) {
    const r = rows[i];
    if (r.length === 1 && r[0] === '') continue;
    const day = parseDate(r[cols.date] ?? '', cols.layout);
    if (day === null) { skip(i + 1, `bad date "${r[cols.date] ?? ''}"`); continue; }
    const [o, h, l, c, v] = [cols.open, cols.high, cols.low, cols.close, cols.volume].map((k) => Number(r[k] === '' ? NaN : r[k]));
    const adj = cols.adj !== undefined ? Number(r[cols.adj]) : c;
    const split = cols.split !== undefined ? Number(r[cols.split] || 1) : 1;
    if (![o, h, l, c, adj].every((x) => Number.isFinite(x) && x > 0)) { skip(i + 1, 'missing or non-positive price'); continue; }
    if (!Number.isFinite(v) || v < 0) { skip(i + 1, 'missing or negative volume'); continue; }
    if (!Number.isFinite(split) || split <= 0) { skip(i + 1, `bad split coefficient "${r[cols.split!]}"`); continue; }
    if (h < l || h < Math.max(o, c) * (1 - 1e-6) || l > Math.min(o, c) * (1 + 1e-6)) { skip(i + 1, 'high/low do not contain open and close'); continue; }
    if (cols.ticker !== undefined) {
      const t = (r[cols.ticker] ?? '').trim().toUpperCase().replace(/\.US$/, '');
      if (symbol && t !== symbol) { skip(i + 1, `ticker ${t} differs from ${symbol}`); continue; }
      symbol = t;
    }
    good.push({ day, o, h, l, c, v, adj, split });
  }
  if (bad > MAX_ROW_PROBLEMS) problems.push(`… ${bad - MAX_ROW_PROBLEMS} more bad rows`);
  good.sort((a, b) => a.day - b.day);
  // Same day twice: keep the later row in the file, and say so.
  const uniq: Row[] = [];
  for (const row of good) {
    if (uniq.length && uniq[uniq.length - 1].day === row.day) {
      problems.push(`duplicate date ${new Date(row.day * 86_400_000).toISOString().slice(0, 10)}: kept the last row`);
      uniq[uniq.length - 1] = row;
    } else uniq.push(row);
  }
  if (!uniq.length) return { layout: cols.layout, symbol, bars: null, problems: ['no valid rows', ...problems] };

  const bars = emptyBars(uniq.length);
  let laterSplits = 1; // product of the split coefficients of all later days
  for (let i = uniq.length - 1; i >= 0; i--) {
    const r = uniq[i];
    const f = cols.layout === 'alphavantage' || cols.layout === 'yahoo' ? r.adj / r.c : 1;
    bars.day[i] = r.day;
    bars.open[i] = r.o * f;
    bars.high[i] = r.h * f;
    bars.low[i] = r.l * f;
    bars.close[i] = r.c * f;
    bars.volume[i] = cols.layout === 'alphavantage' ? r.v * laterSplits : r.v;
    laterSplits *= r.split;
  }
  return { layout: cols.layout, symbol, bars, problems };
}
