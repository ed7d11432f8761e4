import { describe, expect, it } from 'vitest';
import type { PortfolioResult } from '@app/contract';
import { costsBreakdown, portfolioFigures, turnoverYears } from './figures.ts';
import { FIGURE_LABELS } from './texts.ts';

const result = (over: Partial<PortfolioResult> = {}): PortfolioResult => ({
  stats: {},
  trades: [],
  time: [],
  equity: [],
  drawdown: [],
  positions: [],
  equal_weight: [],
  benchmark: { symbol: 'SPY', equity: [] },
  skipped: [],
  survivorship: 'note',
  alpha: 0.0512,
  beta: 0.8,
  turnover: [{ year: 2020, turnover: 1.5 }, { year: 2021, turnover: 2.5 }],
  costs: { commission: 10, commission_fixed: 4, spread: 1234.5, total: 1248.5 },
  average_holdings: 3.456,
  ...over,
});

describe('portfolio figures', () => {
  it('shows alpha per year as a percent, beta, the mean yearly turnover, costs in dollars and average holdings', () => {
    expect(portfolioFigures(result()).map((t) => [t.label, t.value, t.tone])).toEqual([
      [FIGURE_LABELS.alpha('SPY'), '5.12%', 'up'],
      [FIGURE_LABELS.beta('SPY'), '0.80', 'none'],
      [FIGURE_LABELS.turnover, '200.00%', 'none'],
      [FIGURE_LABELS.costs, '$1,248.50', 'none'],
      [FIGURE_LABELS.averageHoldings, '3.46', 'none'],
    ]);
    expect(costsBreakdown(result().costs!)).toBe(FIGURE_LABELS.costsBreakdown('$10.00', '$4.00', '$1,234.50'));
    expect(turnoverYears(result().turnover!)).toEqual(['2020: 150.00%', '2021: 250.00%']);
  });

  it('says when there is no benchmark, and shows nothing for a run made before the figures', () => {
    const none = portfolioFigures(result({ benchmark: null, alpha: null, beta: null }));
    expect(none.slice(0, 2).map((t) => [t.label, t.value])).toEqual([[FIGURE_LABELS.alpha(null), '—'], [FIGURE_LABELS.beta(null), '—']]);
    expect(portfolioFigures(result({ costs: undefined, turnover: undefined, average_holdings: undefined }))).toEqual([]);
  });
});
