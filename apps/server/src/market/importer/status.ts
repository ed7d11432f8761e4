import type { Db } from '../../db/index.ts';
import { isoFromDay } from '../barChunks.ts';
import { markInterruptedImports } from './importLog.ts';

/** `npm run data -- status`: what the market tables hold, and the last imports. */
export async function marketStatus(db: Db): Promise<string> {
  await markInterruptedImports(db);
  const [s] = await db.query<{ symbols: number; demo: number; etfs: number; unknown_market: number }>(
    `SELECT count(*) AS symbols, count(*) FILTER (WHERE is_demo) AS demo, count(*) FILTER (WHERE instr_type = 'ETF') AS etfs,
            count(*) FILTER (WHERE market = 'UNKNOWN') AS unknown_market FROM symbols`,
  );
  const [b] = await db.query<{ with_bars: number; bars: number; first_year: number | null; last_year: number | null }>(
    `SELECT count(DISTINCT symbol) AS with_bars, COALESCE(sum(n), 0) AS bars, min(year) AS first_year, max(year) AS last_year FROM daily_bar_chunks`,
  );
  // The newest day: last element of the int32 days array of the latest chunk.
  const [last] = await db.query<{ days: Uint8Array; n: number }>(`SELECT days, n FROM daily_bar_chunks ORDER BY year DESC LIMIT 1`);
  const lastDay = last ? isoFromDay(new DataView(new Uint8Array(last.days).buffer).getInt32((last.n - 1) * 4, true)) : null;
  const [f] = await db.query<{ periods: number; symbols: number }>(`SELECT count(*) AS periods, count(DISTINCT symbol) AS symbols FROM fundamentals`);
  const logs = await db.query<{ command: string; sources: string; started_at: string; finished_at: string | null; interrupted: boolean; summary: any }>(
    `SELECT command, sources, started_at::text, finished_at::text, interrupted, summary FROM market_import_log ORDER BY id DESC LIMIT 5`,
  );
  const lines = [
    `symbols: ${s.symbols} (${s.demo} demo, ${s.etfs} ETFs, ${s.unknown_market} with unknown market)`,
    `daily bars: ${b.bars} for ${b.with_bars} symbols${b.first_year ? `, ${b.first_year} to ${lastDay}` : ''}`,
    `fundamentals: ${f.periods} periods for ${f.symbols} symbols`,
    '',
    logs.length ? 'last imports:' : 'no imports yet',
  ];
  for (const l of logs) {
    const sm = l.summary ?? {};
    const state = !l.finished_at ? 'running' : l.interrupted ? `interrupted${sm.note ? ` (${sm.note})` : sm.error ? ` (${sm.error})` : ''}` : 'done';
    lines.push(`  ${l.started_at.slice(0, 19)} ${l.command} ${l.sources}: ${state}` +
      (sm.sources !== undefined ? ` — ${sm.new} new, ${sm.updated} updated, ${sm.unchanged} unchanged, ${sm.rejected} rejected` : ''));
  }
  return lines.join('\n');
}
