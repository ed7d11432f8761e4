/** One measured figure. `baseline` is measured in the same run (another library, a naive version,
 *  or the reference's published figure) so the ratio stays meaningful on any machine. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string; // 'ms', 'bars/s', ...
  /** what the budget in ARCHITECTURE.md says, in the same unit, and which way is better */
  budget?: { limit: number; better: 'lower' | 'higher' };
  baseline?: { name: string; value: number };
}

export interface BenchSuite {
  name: string;
  run(): Promise<BenchResult[]>;
}

/** Median of `runs` timings (ms) of fn after `warmup` untimed calls. */
export async function medianMs(fn: () => unknown | Promise<unknown>, runs = 15, warmup = 3): Promise<number> {
  return (await interleavedMedianMs([fn], runs, warmup))[0];
}

/** Medians of several functions timed in turn, round after round, so each sees the same state of the
 *  compiled code and the machine (a ratio of two medians taken one after the other drifts with both). */
export async function interleavedMedianMs(fns: (() => unknown | Promise<unknown>)[], runs = 15, warmup = 3): Promise<number[]> {
  for (let i = 0; i < warmup; i++) for (const fn of fns) await fn();
  const t = fns.map((): number[] => []);
  for (let i = 0; i < runs; i++) {
    for (let k = 0; k < fns.length; k++) {
      const s = performance.now();
      await fns[k]();
      t[k].push(performance.now() - s);
    }
  }
  return t.map((times) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)]);
}

const fmt = (v: number) => (Math.abs(v) >= 1000 ? v.toExponential(3) : v.toPrecision(4));

export function printResults(suite: string, results: BenchResult[]) {
  console.log(`\n## ${suite}`);
  for (const r of results) {
    let line = `  ${r.name}: ${fmt(r.value)} ${r.unit}`;
    if (r.baseline) {
      const ratio = r.unit.endsWith('/s') ? r.value / r.baseline.value : r.baseline.value / r.value;
      line += `  | ${r.baseline.name}: ${fmt(r.baseline.value)} ${r.unit} → ${ratio.toFixed(1)}× faster`;
    }
    if (r.budget) {
      const ok = r.budget.better === 'lower' ? r.value <= r.budget.limit : r.value >= r.budget.limit;
      line += `  | budget ${r.budget.better === 'lower' ? '≤' : '≥'} ${fmt(r.budget.limit)} ${r.unit}: ${ok ? 'OK' : 'OVER BUDGET'}`;
    }
    console.log(line);
  }
}
