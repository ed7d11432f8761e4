import { describe, expect, it } from 'vitest';
import { rotationBacktest } from './engine.ts';
import { rotationSummary } from './summary.ts';
import { allocBars, type DailyBars } from '../types.ts';
import { parseDay, formatDay } from '../dates.ts';
import type { RotationSpecInput } from './spec.ts';

/** Weekday bars from 2021-01-04 rising by `step` a day, opening at the previous close. */
function rising(n: number, from: number, step: number): DailyBars {
  const b = allocBars(n);
  let day = parseDay('2021-01-04');
  for (let i = 0; i < n; i++) {
    b.day[i] = day;
    day += (day + 3) % 7 === 4 ? 3 : 1;
    b.close[i] = from + i * step;
    b.open[i] = i ? b.close[i - 1] : b.close[i];
    b.high[i] = b.close[i] * 1.01;
    b.low[i] = b.open[i] * 0.99;
    b.volume[i] = 1_000_000;
  }
  return b;
}
const spec = { start_date: '2021-01-04', end_date: '2021-12-31', rebalance: 'weekly', top: 1, score: { kind: 'momentum', period: 5 }, floors: null } as const satisfies RotationSpecInput;

describe('a member mask (the universe as of each close)', () => {
  const fast = rising(60, 10, 1);
  const slow = rising(60, 10, 0.1);

  it('holds the best member only: the stronger name is skipped on the bars its mask is 0', () => {
    const member = new Uint8Array(60);
    member.fill(1, 30); // a member from bar 30 on
    const r = rotationBacktest([{ symbol: 'FAST', bars: fast, member }, { symbol: 'SLOW', bars: slow }], spec);
    const firstFast = r.orders.find((o) => o.symbol === 'FAST' && o.side === 'buy')!;
    expect(r.orders[0].symbol).toBe('SLOW');
    // decided at the first decision (a Friday) on or after bar 30, filled at the next bar
    expect(parseDay(firstFast.date)).toBeGreaterThan(fast.day[30]);
    for (const rb of r.rebalances) if (parseDay(rb.date) < fast.day[30]) expect(rb.targets.map((t) => t.symbol)).not.toContain('FAST');
    const sold = r.rebalances.flatMap((rb) => rb.trades).find((t) => t.symbol === 'SLOW' && t.side === 'sell');
    expect(sold?.reason).toBe('rank');
  });

  it('a mask of ones is no mask', () => {
    const all = rotationBacktest([{ symbol: 'FAST', bars: fast, member: new Uint8Array(60).fill(1) }, { symbol: 'SLOW', bars: slow }], spec);
    const none = rotationBacktest([{ symbol: 'FAST', bars: fast }, { symbol: 'SLOW', bars: slow }], spec);
    expect(all.orders).toEqual(none.orders);
    expect(all.equity).toEqual(none.equity);
  });

  it('a mask of zeros: never held, and a rebalance with no member holds cash', () => {
    const r = rotationBacktest([{ symbol: 'FAST', bars: fast, member: new Uint8Array(60) }], spec);
    expect(r.orders).toEqual([]);
    expect(r.final_equity).toBe(10_000);
    expect(r.rebalances.every((rb) => rb.members === 0)).toBe(true);
  });
});

describe('rotationSummary', () => {
  it('reads return, drawdown, turnover and costs off the result', () => {
    const r = rotationBacktest([{ symbol: 'FAST', bars: rising(60, 10, 1) }], { ...spec, commission: 0.001 });
    const s = rotationSummary(r);
    expect(s.final_equity).toBe(r.final_equity);
    expect(s.return_pct).toBeCloseTo((r.final_equity / r.equity[0] - 1) * 100, 9);
    expect(s.max_drawdown_pct).toBeLessThanOrEqual(0);
    expect(s.costs_paid).toBeCloseTo(r.orders.reduce((a, o) => a + o.shares * o.price * 0.001, 0), 9);
    const traded = r.orders.reduce((a, o) => a + o.shares * o.price, 0);
    const years = (parseDay(r.time.at(-1)!) - parseDay(r.time[0])) / 365.25;
    expect(s.turnover_per_year).toBeCloseTo(traded / 2 / (r.equity.reduce((a, e) => a + e, 0) / r.equity.length) / years, 9);
    expect(formatDay(parseDay(r.time[0]))).toBe('2021-01-04');
  });
});
