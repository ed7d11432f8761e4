import type { Db } from '../../db/index.ts';
import { filedOrDefault, FUNDAMENTAL_METRICS, upsertFundamentals, type FundamentalPeriod } from '../repository.ts';

const key = (p: { period_type: string; period_end: string }) => `${p.period_type}|${p.period_end}`;
const same = (a: number | null | undefined, b: number | null | undefined) => (a ?? null) === (b ?? null);

/** Upserts one symbol's periods, writing only the periods whose numbers changed. Periods the source
 *  no longer reports are kept (filers drop old years from later filings, the numbers stay true). */
export async function writeSymbolFundamentals(db: Db, symbol: string, periods: FundamentalPeriod[]) {
  return db.tx(async (t) => {
    const rows = await t.query<any>(`SELECT *, to_char(filed, 'YYYY-MM-DD') AS filed_day FROM fundamentals WHERE symbol = $1`, [symbol]);
    const stored = new Map(rows.map((r) => [key(r), r]));
    const changed = periods.filter((p) => {
      const old = stored.get(key(p));
      return !old || FUNDAMENTAL_METRICS.some((m) => !same(old[m], p.values[m])) || old.filed_day !== filedOrDefault(p) || !same(old.shares_outstanding, p.shares_outstanding);
    });
    if (changed.length) await upsertFundamentals(t, changed);
    return { status: !rows.length ? ('new' as const) : changed.length ? ('updated' as const) : ('unchanged' as const), written: changed.length };
  });
}
