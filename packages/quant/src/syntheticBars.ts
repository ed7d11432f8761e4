import { allocBars, type DailyBars } from './types.ts';

/** Deterministic random-walk bars (a fixed-seed LCG), weekdays from 2000-01-03: what benchmarks time
 *  and what the engine threads warm their compiled code on. Not market data. */
export function syntheticBars(n: number, seed: number): DailyBars {
  let s = seed >>> 0 || 1;
  const rand = () => ((s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32);
  const bars: DailyBars = allocBars(n);
  let close = 20 + 80 * rand();
  let day = 10_959; // 2000-01-03, a Monday
  for (let i = 0; i < n; i++) {
    const open = close * (1 + (rand() - 0.5) * 0.01);
    close = Math.max(1, close * (1 + (rand() - 0.5) * 0.04));
    bars.day[i] = day;
    day += day % 7 === 1 ? 3 : 1;
    bars.open[i] = open;
    bars.close[i] = close;
    bars.high[i] = Math.max(open, close) * (1 + rand() * 0.01);
    bars.low[i] = Math.min(open, close) * (1 - rand() * 0.01);
    bars.volume[i] = Math.round(1e5 + rand() * 1e7);
  }
  return bars;
}
