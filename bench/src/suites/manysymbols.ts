// Many-symbol runs against their time budgets: one template over 1,600 symbols × ~3,000 bars as universe
// rows (chunks of 100 symbols spread over the engine's threads, as the batch run does) and one
// portfolio over 500 symbols × 10 years, on the server's engine pool.
import { EnginePool } from '@app/server/testing';
import type { DailyBars, TemplateInput } from '@app/quant';
import { syntheticBars } from '../data.ts';
import { medianMs, type BenchResult, type BenchSuite } from '../report.ts';

const template: TemplateInput = {
  position_size: 0.99,
  stop_loss_pct: 0.08,
  indicators: [
    { name: 'RSI', indicator_type: 'BUY', period: 14, compare: '<', cvalue: '30' },
    { name: 'SMA', indicator_type: 'BUY', period: 200, compare: '<', cprice: 'CLOSE' },
    { name: 'RSI', indicator_type: 'SELL', period: 14, compare: '>', cvalue: '70' },
  ],
};

/** No scan by day and no floors: every bar may open a trade (the plain runs these budgets were set for). */
const NO_RULE = { query: null, floors: null };
const item = (symbol: string, bars: DailyBars) => ({
  entry: { info: { symbol, name: symbol, market: 'NASDAQ', instr_type: 'EQUITY' as const, sector: null, industry: null, market_cap: null }, bars, quarterly: [], annual: [] },
  from: 0,
  to: bars.close.length,
});

export default {
  name: 'manysymbols',
  async run() {
    const results: BenchResult[] = [];
    const pool = new EnginePool();
    try {
      const universe = Array.from({ length: 1600 }, (_, i) => item(`S${i}`, syntheticBars(3000, 500 + i)));
      const chunks = Array.from({ length: 16 }, (_, k) => universe.slice(k * 100, (k + 1) * 100));
      const rows = () => Promise.all(chunks.map((items) => pool.run('universeRows', { template, items, rule: NO_RULE })));
      await rows();
      results.push({ name: 'universe run: 1,600 symbols × 3,000 bars, one template (rows and chunks on every thread)', value: await medianMs(rows, 5, 1), unit: 'ms', budget: { limit: 2000, better: 'lower' } });

      const items = universe.slice(0, 500).map((u) => item(u.entry.info.symbol, syntheticBars(2520, 900 + Number(u.entry.info.symbol.slice(1)))));
      const portfolio = () => pool.run('portfolio', { template, items, rule: NO_RULE, survivorship: '', skipped: [], maxPositions: 20, rankBy: 'rsi_low', benchmark: null });
      await portfolio();
      results.push({ name: 'portfolio run: 500 symbols × 10 years, 20 slots ranked by RSI', value: await medianMs(portfolio, 5, 1), unit: 'ms', budget: { limit: 1000, better: 'lower' } });
    } finally {
      await pool.close();
    }
    return results;
  },
} satisfies BenchSuite;
