import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { backtest } from './engine.ts';
import { indicatorSeries } from './conditions.ts';
import { normalizeTemplate } from './template.ts';
import { barsArb, exitTemplateArb, sliceBars, templateArb } from './test/arbitraries.ts';

const near = (a: number, b: number) => Math.abs(a - b) <= 1e-7 * Math.max(1, Math.abs(b));

describe('backtest properties', () => {
  it('never enters before every BUY indicator has warmed up (orders fill the bar after the signal)', () => {
    fc.assert(
      fc.property(barsArb(2, 250), templateArb, (bars, input) => {
        const t = normalizeTemplate(input);
        const buys = t.conditions.filter((c) => c.side === 'BUY');
        const { trades } = backtest(bars, t);
        if (!buys.length) {
          expect(trades).toEqual([]);
          return;
        }
        const warm = Math.max(...buys.map((c) => indicatorSeries(bars, c).findIndex((v) => !Number.isNaN(v))));
        for (const tr of trades) {
          expect(warm).toBeGreaterThanOrEqual(0);
          expect(tr.EntryBar).toBeGreaterThanOrEqual(Math.max(warm, 1) + 1);
        }
      }),
    );
  });

  it('cash plus position value equals equity on every bar', () => {
    fc.assert(
      fc.property(barsArb(2, 250), templateArb, (bars, input) => {
        const t = normalizeTemplate(input);
        const { equity, trades } = backtest(bars, t);
        const n = bars.close.length;
        // rebuild cash and the position from the trade list alone
        const cash = new Float64Array(n).fill(t.cash);
        const shares = new Float64Array(n);
        const entry = new Float64Array(n);
        for (const tr of trades) {
          for (let i = tr.ExitBar; i < n; i++) cash[i] += tr.PnL;
          for (let i = tr.EntryBar; i < tr.ExitBar; i++) {
            shares[i] = tr.Size;
            entry[i] = tr.EntryPrice;
            cash[i] -= tr.Size * tr.EntryPrice * (1 + t.commission); // paid for the shares and the entry commission
          }
        }
        // A BUY placed on the last bar while flat fills at its open and stays open, outside the trade list (as
        // in backtesting.py): k whole shares the cash could pay for, with commission, marked at the close.
        // (Every trade has ended by then, possibly on that very bar, just before the BUY was placed.)
        const last = n - 1;
        if (last > 0 && !near(equity[last], cash[last])) {
          const perShareGain = bars.close[last] - bars.open[last] * (1 + t.commission);
          const k = Math.round((equity[last] - cash[last]) / perShareGain);
          expect(k).toBeGreaterThanOrEqual(1);
          expect(k * bars.open[last] * (1 + t.commission)).toBeLessThanOrEqual(cash[last] * (1 + 1e-12));
          shares[last] = k;
          cash[last] -= k * bars.open[last] * (1 + t.commission);
        }
        for (let i = 0; i < n; i++) {
          const value = shares[i] * bars.close[i];
          if (!near(cash[i] + value, equity[i])) expect({ bar: i, cashPlusPosition: cash[i] + value }).toEqual({ bar: i, cashPlusPosition: equity[i] });
        }
      }),
    );
  });

  it('no look-ahead: bars after the current one change nothing before it', () => {
    fc.assert(
      fc.property(barsArb(3, 250), templateArb, fc.nat(), (bars, t, cut) => {
        const n = bars.close.length;
        const end = 2 + (cut % (n - 1)); // prefix of 2..n bars
        const full = backtest(bars, t);
        const part = backtest(sliceBars(bars, end), t);
        // the prefix's last bar is where finalize closes its trades, so compare the bars before it
        for (let i = 0; i < end - 1; i++) expect(part.equity[i]).toBe(full.equity[i]);
        const settled = (trs: typeof full.trades) => trs.filter((tr) => tr.ExitBar < end - 1);
        expect(settled(part.trades)).toEqual(settled(full.trades));
      }),
    );
  });

  it('statistics are JSON-safe: numbers finite or null, durations "N days"', () => {
    fc.assert(
      fc.property(barsArb(1, 120), templateArb, (bars, t) => {
        const { stats } = backtest(bars, t);
        for (const [key, v] of Object.entries(stats)) {
          if (typeof v === 'number') expect(Number.isFinite(v)).toBe(true);
          if (key.includes('Duration') && typeof v === 'string') expect(v).toMatch(/^\d+ days$/);
        }
        expect(stats['# Trades']).toBeTypeOf('number');
      }),
    );
  });
});

describe('exit properties', () => {
  it('a stop exit never fills above its stop, a target exit never below its target', () => {
    fc.assert(
      fc.property(barsArb(2, 250), exitTemplateArb, (bars, t) => {
        const { trades, levels } = backtest(bars, t, { levels: true });
        trades.forEach((tr, k) => {
          const at = tr.ExitBar - tr.EntryBar;
          if (tr.ExitReason === 'stop' || tr.ExitReason === 'trailing') expect(tr.ExitPrice).toBeLessThanOrEqual(levels[k].stop[at]);
          if (tr.ExitReason === 'target') expect(tr.ExitPrice).toBeGreaterThanOrEqual(levels[k].target[at]);
        });
      }),
    );
  });

  it('a trailing stop never moves down', () => {
    fc.assert(
      fc.property(barsArb(2, 250), exitTemplateArb, (bars, t) => {
        const { levels } = backtest(bars, t, { levels: true });
        for (const { stop } of levels) {
          for (let i = 1; i < stop.length; i++) {
            if (Number.isNaN(stop[i - 1])) continue;
            // a signal exit fills at the exit bar's open, before any stop is live there: no level on
            // that last bar; everywhere else the level only rises
            if (Number.isNaN(stop[i]) && i === stop.length - 1) continue;
            expect(stop[i]).toBeGreaterThanOrEqual(stop[i - 1]);
          }
        }
      }),
    );
  });

  it('risk sizing never risks more than risk_pct of the equity at the signal close', () => {
    fc.assert(
      fc.property(barsArb(2, 250), exitTemplateArb, (bars, input) => {
        const t = normalizeTemplate(input);
        if (!t.exits.riskPct) return;
        const { trades, equity } = backtest(bars, t);
        for (const tr of trades) {
          const signal = tr.EntryBar - 1;
          const risked = tr.Size * bars.close[signal] * t.exits.stopLoss;
          expect(risked).toBeLessThanOrEqual(equity[signal] * t.exits.riskPct * (1 + 1e-12));
        }
      }),
    );
  });

  it('no look-ahead with exits either', () => {
    fc.assert(
      fc.property(barsArb(3, 200), exitTemplateArb, fc.nat(), (bars, t, cut) => {
        const end = 2 + (cut % (bars.close.length - 1));
        const full = backtest(bars, t);
        const part = backtest(sliceBars(bars, end), t);
        for (let i = 0; i < end - 1; i++) expect(part.equity[i]).toBe(full.equity[i]);
        const settled = (trs: typeof full.trades) => trs.filter((tr) => tr.ExitBar < end - 1);
        expect(settled(part.trades)).toEqual(settled(full.trades));
      }),
    );
  });
});
