import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DailyBars } from '@app/quant';
import { emptyBars, dayFromIso } from '../market/barChunks.ts';
import { replaceBars, upsertSymbols } from '../market/repository.ts';
import type { TestApp } from './testApp.ts';
import { barsFromCsv } from '../cli/backtest.ts';

// Test-only: a tiny market written through the market repository and loaded into the series cache,
// as the real server does at start.

/** Weekday bars from `startIso`: a slow wave that drives RSI well below 30 and above 70. */
export function waveBars(startIso: string, n: number): DailyBars {
  const bars = emptyBars(n);
  let day = dayFromIso(startIso);
  for (let i = 0; i < n; i++) {
    while ([0, 6].includes(new Date(day * 86_400_000).getUTCDay())) day++;
    const close = 100 + 20 * Math.sin(i / 9) + i * 0.05;
    const open = close - 0.5 * Math.cos(i / 3);
    bars.day[i] = day;
    bars.open[i] = open;
    bars.high[i] = Math.max(open, close) + 1;
    bars.low[i] = Math.min(open, close) - 1;
    bars.close[i] = close;
    bars.volume[i] = 1_000_000 + 10_000 * (i % 17);
    day++;
  }
  return bars;
}

export async function addSymbol(t: TestApp, symbol: string, bars: DailyBars) {
  await upsertSymbols(t.deps.db, [{ symbol, name: `${symbol} Inc.`, market: 'NASDAQ', instr_type: 'EQUITY', sector: 'Technology', industry: null, market_cap: 1e9 }]);
  await replaceBars(t.deps.db, symbol, bars);
  await t.deps.series.load(t.deps.db);
}

// The reference cases in ../shared/goldens (read at test time, never copied into the repo).
const repoRoot = new URL('../../../../', import.meta.url);
export const goldensDir = fileURLToPath(new URL('../shared/goldens/backtest/', repoRoot));
export const haveGoldens = existsSync(goldensDir);
/** A folder of backtest cases under ../shared/goldens: the public cases, or the strategy language's. */
export type GoldenKind = 'backtest' | 'strategy' | 'corpus-strategy';
const kindDir = (kind: GoldenKind) => fileURLToPath(new URL(`../shared/goldens/${kind}/`, repoRoot));

export function goldenCases(kind: GoldenKind = 'backtest'): string[] {
  const dir = kindDir(kind);
  return existsSync(dir) ? readdirSync(dir).filter((d) => existsSync(`${dir}${d}/template.json`)).sort() : [];
}

export function readGoldenCase(name: string, kind: GoldenKind = 'backtest') {
  const dir = `${kindDir(kind)}${name}/`;
  // The backtest CLI's strict reader of this layout, so the test reads bars as the product does.
  const bars = barsFromCsv(readFileSync(dir + 'data.csv', 'utf8'), dir + 'data.csv');
  return {
    bars,
    template: JSON.parse(readFileSync(dir + 'template.json', 'utf8')) as { position_size: number; indicators: Record<string, unknown>[] } & Record<string, number | undefined>,
    expected: JSON.parse(readFileSync(dir + 'expected.json', 'utf8')) as { stats: Record<string, number | string | null>; trades: Record<string, number | string>[] },
  };
}

/** The goldens' rule: numbers agree to 1e-6 relative (1e-9 absolute near zero); others are equal. */
export function sameValue(actual: unknown, expected: unknown): boolean {
  if (typeof expected === 'number' && typeof actual === 'number') {
    return Math.abs(actual - expected) <= Math.max(1e-9, 1e-6 * Math.abs(expected));
  }
  return actual === expected;
}
