// Test-only access to the reference cases in ../shared/goldens (never copied into the repo).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { allocBars, type DailyBars } from '../types.ts';
import { parseDay } from '../dates.ts';

const repoRoot = new URL('../../../../', import.meta.url);
export const goldensDir = fileURLToPath(new URL('../shared/goldens/', repoRoot));
export const haveGoldens = existsSync(goldensDir);
export const goldensMissing = `reference cases not found at ${goldensDir} (../shared is absent)`;

export type GoldenKind = 'backtest' | 'corpus' | 'indicators' | 'optimize' | 'strategy' | 'corpus-strategy' | 'strategy/indicators';

export function goldenCases(kind: GoldenKind): string[] {
  if (!haveGoldens) return [];
  return readdirSync(goldensDir + kind, { withFileTypes: true })
    // strategy/ holds its indicator series in a folder of its own beside the cases
    .filter((d) => d.isDirectory() && !(kind === 'strategy' && d.name === 'indicators'))
    .map((d) => d.name)
    .sort();
}

export function readGolden(kind: GoldenKind, name: string, file: string): string {
  return readFileSync(`${goldensDir}${kind}/${name}/${file}`, 'utf8');
}

/** The goldens' plain `date,open,high,low,close,volume` CSV. */
export function barsFromCsv(text: string): DailyBars {
  const rows = text.trim().split(/\r?\n/).slice(1);
  const n = rows.length;
  const bars: DailyBars = allocBars(n);
  rows.forEach((row, i) => {
    const [d, o, h, l, c, v] = row.split(',');
    bars.day[i] = parseDay(d);
    bars.open[i] = +o;
    bars.high[i] = +h;
    bars.low[i] = +l;
    bars.close[i] = +c;
    bars.volume[i] = +v;
  });
  return bars;
}

/** The goldens' rule: numbers agree to 1e-6 relative (1e-9 absolute near zero), null is null. */
export function sameNumber(actual: number | null, expected: number | null): boolean {
  if (expected === null || actual === null) return expected === actual;
  return Math.abs(actual - expected) <= Math.max(1e-9, 1e-6 * Math.abs(expected));
}

/** First index where a series disagrees with the expected JSON list, or -1. */
export function firstMismatch(actual: ArrayLike<number>, expected: (number | null)[]): number {
  if (actual.length !== expected.length) return Math.min(actual.length, expected.length);
  for (let i = 0; i < expected.length; i++) {
    const a = Number.isNaN(actual[i]) ? null : actual[i];
    if (!sameNumber(a, expected[i])) return i;
  }
  return -1;
}
