// The scan's answer (GET /api/scanner/stocks/): result rows, the page, and the one sort order.
import { z } from 'zod';
import { FILTER_TYPES, type FilterType } from './rows.ts';
import type { OrderingField } from './vocabulary.ts';

export const scanResultSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  price: z.number().nullable(), // last close
  diff: z.number().nullable(), // last close − previous close
  chg: z.number().nullable(), // diff / previous close × 100
  sector: z.string().nullable(),
  market: z.string(),
  market_cap: z.number().nullable(),
  volume: z.number().nullable(), // last session's volume
  vol_avg: z.number().nullable(), // average volume over the query's vol_avg_period (default 20)
  sma: z.number().nullable(), // SMA(sma_period, default 200) of the close
  ema: z.number().nullable(), // EMA(ema_period, default 20)
  rsi: z.number().nullable(), // RSI(rsi_period, default 14)
  quickratio: z.number().nullable(), // latest reported value of the fa_compare_period type
  roe: z.number().nullable(),
  // the indicators a query may filter on, on the scan day, with the filter's parameters (else the
  // defaults): Supertrend line, MACD line minus signal line, the oscillators and Bollinger %B; the screen
  // shows a column for each one the query filters on (indicatorColumns.ts). This server always sends
  // them; optional for answers of servers from before them
  st: z.number().nullable().optional(),
  macd: z.number().nullable().optional(),
  bb_pctb: z.number().nullable().optional(),
  stoch: z.number().nullable().optional(),
  adx: z.number().nullable().optional(),
  cci: z.number().nullable().optional(),
  roc: z.number().nullable().optional(),
  willr: z.number().nullable().optional(),
});
export type ScanResult = z.infer<typeof scanResultSchema>;

const FILTER_TYPE_NAMES = Object.values(FILTER_TYPES).flatMap((list) => list.map((t) => t.type)) as [FilterType, ...FilterType[]];

/** Why a scan found nothing: the filter (a filter row's type) that on its own removes the most of the
 *  market's `total` listings. */
export const scanEmptyReasonSchema = z.object({
  filter: z.enum(FILTER_TYPE_NAMES),
  removed: z.number().int(),
  total: z.number().int(),
});
export type ScanEmptyReason = z.infer<typeof scanEmptyReasonSchema>;

/** A page of results; next/previous are relative URLs (/api/scanner/stocks/?…&page=N) or null.
 *  empty_reason (beyond spec §7; the server always sends it) is set when count is 0 and the query has
 *  filters, else null. */
export const scanPageSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(scanResultSchema),
  empty_reason: scanEmptyReasonSchema.nullable().optional(),
});
export type ScanPage = z.infer<typeof scanPageSchema>;

/** The one sort order of results, used by the server and by the screen's client-side sort: by `field`,
 *  nulls last in both directions, ties by symbol ascending. Strings compare by code unit. */
export function compareScanResults(field: OrderingField, desc: boolean) {
  return (a: Pick<ScanResult, OrderingField>, b: Pick<ScanResult, OrderingField>): number => {
    const x = a[field];
    const y = b[field];
    const xNull = x === null || x === undefined || (typeof x === 'number' && Number.isNaN(x));
    const yNull = y === null || y === undefined || (typeof y === 'number' && Number.isNaN(y));
    if (xNull !== yNull) return xNull ? 1 : -1;
    if (!xNull && x !== y) {
      const c = x! < y! ? -1 : 1;
      return desc ? -c : c;
    }
    return a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0;
  };
}
