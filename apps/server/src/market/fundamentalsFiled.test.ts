import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, freshDb } from '../test/testApp.ts';
import type { Db } from '../db/index.ts';
import { FILING_LAG_DAYS, listSymbols, loadFundamentals, markDelisted, upsertFundamentals, upsertSymbols, type FundamentalPeriod } from './repository.ts';
import { readImport, undatedFilingsNote } from './importer/readImport.ts';
import { ImportReport } from './importer/report.ts';
import type { Provider } from './providers/types.ts';

const info = (symbol: string) => ({ symbol, name: symbol, market: 'NYSE', instr_type: 'EQUITY' as const, sector: null, industry: null, market_cap: null });
const period = (symbol: string, end: string, extra: Partial<FundamentalPeriod> = {}): FundamentalPeriod => ({
  symbol, period_type: 'QUARTERLY', period_end: end, values: { revenue: 1000 }, ...extra,
});

describe.each(dbKinds)('filing dates and shares outstanding on %s (migration 019)', (kind) => {
  let db: Db & { drop(): Promise<void> };
  beforeAll(async () => {
    db = await freshDb(kind);
    await upsertSymbols(db, ['FQA', 'FQB', 'FQC'].map(info));
  });
  afterAll(() => db.drop());

  it('stores a filing date and the shares, and reads a period without a filing date as filed 45 days after its end', async () => {
    expect(FILING_LAG_DAYS).toBe(45);
    // the COPY path (PGlite) and the unnest path (any driver) write the same
    for (const [symbol, write] of [['FQA', db], ['FQB', { ...db, copyBinaryIn: undefined }]] as const) {
      await upsertFundamentals(write, [
        period(symbol, '2024-03-31'),
        period(symbol, '2024-06-30', { filed: '2024-07-25', shares_outstanding: 12_345_678 }),
      ]);
    }
    const stored = (await loadFundamentals(db)).filter((p) => p.symbol === 'FQA' || p.symbol === 'FQB');
    expect(stored.map((p) => [p.symbol, p.period_end, p.filed, p.shares_outstanding])).toEqual([
      ['FQA', '2024-03-31', '2024-05-15', null],
      ['FQA', '2024-06-30', '2024-07-25', 12_345_678],
      ['FQB', '2024-03-31', '2024-05-15', null],
      ['FQB', '2024-06-30', '2024-07-25', 12_345_678],
    ]);
  });

  it('keeps a delisted listing with the day it stopped trading', async () => {
    await markDelisted(db, [{ symbol: 'FQC', delisted_on: '2021-03-05' }]);
    const rows = await listSymbols(db);
    expect(rows.find((r) => r.symbol === 'FQC')!.delisted_on).toBe('2021-03-05');
    expect(rows.find((r) => r.symbol === 'FQA')!.delisted_on).toBeNull();
  });

  it('an import without filing dates reads period end + 45 days and its report says so; with them, uses them', async () => {
    const source: Provider = {
      name: 'file',
      async *fundamentals(symbols) {
        for (const symbol of symbols) {
          yield {
            source: `${symbol}.json`, provider: 'file', symbol, problems: [],
            periods: symbol === 'FQA' ? [period(symbol, '2023-12-31'), period(symbol, '2023-09-30')] : [period(symbol, '2023-12-31', { filed: '2024-02-01' })],
          };
        }
      },
    };
    const report = new ImportReport();
    const plan = await readImport(db, [source], { symbols: ['FQA', 'FQB'] }, report);
    const bySymbol = new Map(plan.fundamentals.map((f) => [f.symbol, f]));
    expect(bySymbol.get('FQA')!.periods.map((p) => p.filed)).toEqual(['2024-02-14', '2023-11-14']);
    expect(bySymbol.get('FQA')!.entry.problems).toEqual([undatedFilingsNote(2)]);
    expect(undatedFilingsNote(2)).toMatch(/2 periods without a filing date: read as filed 45 days after the period end/);
    expect(bySymbol.get('FQB')!.periods.map((p) => p.filed)).toEqual(['2024-02-01']);
    expect(bySymbol.get('FQB')!.entry.problems).toEqual([]);
  });
});
