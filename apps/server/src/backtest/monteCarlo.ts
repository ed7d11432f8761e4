// A backtest's trade Monte Carlo as the API sends it: the engine's resamples (packages/quant), with
// the bootstrap's equity band placed at the first entry and at each trade's exit on the chart's clock.
import type { MonteCarlo } from '@app/contract';
import { monteCarlo, tradeReturns, type DailyBars, type Trade } from '@app/quant';

const SECONDS_PER_DAY = 86_400;
const cents = (v: number) => Math.round(v * 100) / 100;

/** null for a run without trades. */
export function backtestMonteCarlo(bars: DailyBars, trades: readonly Trade[], cash: number): MonteCarlo | null {
  const mc = monteCarlo(tradeReturns(trades, cash), { cash });
  if (!mc) return null;
  const time = [trades[0].EntryBar, ...trades.map((t) => t.ExitBar)].map((i) => bars.day[i] * SECONDS_PER_DAY);
  return {
    resamples: mc.resamples,
    seed: mc.seed,
    trades: mc.trades,
    bootstrap: mc.bootstrap,
    shuffle: mc.shuffle,
    band: { time, p5: mc.band.p5.map(cents), p50: mc.band.p50.map(cents), p95: mc.band.p95.map(cents) },
  };
}
