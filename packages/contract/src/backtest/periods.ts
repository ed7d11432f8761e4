// Stock periods (spec §3, §5, §7): a ticker and a date range.
import { z } from 'zod';
import { IsoDate, PERIOD_MESSAGES, requiredString, RowId } from './fields.ts';

/** GET /api/periods/ item and POST/PUT answer. Dates YYYY-MM-DD. */
export const Period = z.object({
  id: RowId,
  stock_ticker: z.string(),
  start_date: z.string().meta({ format: 'date' }),
  end_date: z.string().meta({ format: 'date' }),
});
export type Period = z.infer<typeof Period>;

/** Upper-cased as typed (spec §5); letters, digits, '.', '-', '^' (BRK.B, BF-B, ^GSPC). */
export const StockTicker = requiredString(12)
  .transform((s) => s.toUpperCase())
  .refine((s) => /^[A-Z0-9.^-]+$/.test(s), PERIOD_MESSAGES.invalidTicker);

/** POST/PUT /api/periods/ body. Whether the ticker exists in the market is checked by the server. */
export const PeriodWrite = z
  .object({ stock_ticker: StockTicker, start_date: IsoDate, end_date: IsoDate })
  .refine((p) => p.start_date < p.end_date, { path: ['end_date'], message: PERIOD_MESSAGES.endAfterStart });
export type PeriodWriteInput = z.output<typeof PeriodWrite>;
export type PeriodWriteBody = z.input<typeof PeriodWrite>;
