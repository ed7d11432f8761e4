// A seeded random universe for the rotation tests.
import type { DailyBars } from '../types.ts';

/** A small universe from a seed: random walks that start late, skip days, and sometimes trade below the
 *  floors; weekdays from 2021-01-04. */
export function universeFrom(seed: number, count: number): { symbol: string; bars: DailyBars }[] {
  let x = seed >>> 0 || 1;
  const rand = () => ((x = (Math.imul(x, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32);
  const weekdays: number[] = [];
  for (let d = 18_631; weekdays.length < 160; d++) if ((d + 3) % 7 < 5) weekdays.push(d); // Monday to Friday
  return Array.from({ length: count }, (_, i) => {
    const startAt = Math.floor(rand() * 40);
    const days = weekdays.slice(startAt).filter(() => rand() > 0.05);
    const n = days.length;
    const bars: DailyBars = { day: Int32Array.from(days), open: new Float64Array(n), high: new Float64Array(n), low: new Float64Array(n), close: new Float64Array(n), volume: new Float64Array(n) };
    let c = 2 + rand() * 60;
    const drift = (rand() - 0.5) * 0.01;
    for (let j = 0; j < n; j++) {
      const o = c * (1 + (rand() - 0.5) * 0.02);
      c = Math.max(0.5, c * (1 + drift + (rand() - 0.5) * 0.06));
      bars.open[j] = o;
      bars.close[j] = c;
      bars.high[j] = Math.max(o, c) * 1.01;
      bars.low[j] = Math.min(o, c) * 0.99;
      bars.volume[j] = Math.round(rand() * 400_000);
    }
    return { symbol: String.fromCharCode(65 + i) + (i % 3 ? 'X' : ''), bars };
  });
}
