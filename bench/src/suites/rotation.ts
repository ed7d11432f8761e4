// The rotation budget (ARCHITECTURE.md): a monthly momentum rotation over 1,600 symbols × 12 years
// within 1 s, on one thread as the engine runs it.
import { rotationBacktest, type RotationSpecInput } from '@app/quant';
import { syntheticBars } from '../data.ts';
import { medianMs, type BenchResult, type BenchSuite } from '../report.ts';

const YEARS = 12;
const BARS = YEARS * 252;

/** 6-month momentum skipping a month, the top 20 each month, the default floors; the first year is warm-up. */
export const rotationSpec: RotationSpecInput = {
  start_date: '2001-01-01',
  end_date: '2011-12-31',
  rebalance: 'monthly',
  top: 20,
  score: { kind: 'momentum', period: 126, skip: 21 },
  commission: 0.001,
};

export function rotationUniverse(symbols: number) {
  return Array.from({ length: symbols }, (_, i) => ({ symbol: `S${String(i).padStart(4, '0')}`, bars: syntheticBars(BARS, 3_000 + i) }));
}

export default {
  name: 'rotation',
  async run() {
    const results: BenchResult[] = [];
    const symbols = Number(process.env.ROTATION_BENCH_SYMBOLS) || 1600;
    const universe = rotationUniverse(symbols);
    const run = () => rotationBacktest(universe, rotationSpec);
    const orders = run().orders.length;
    results.push({
      name: `monthly momentum rotation: ${symbols.toLocaleString('en-US')} symbols × ${YEARS} years, top 20 (${orders} orders)`,
      value: await medianMs(run, 7, 2),
      unit: 'ms',
      budget: symbols === 1600 ? { limit: 1000, better: 'lower' } : undefined,
    });
    return results;
  },
} satisfies BenchSuite;
