// Pure helpers for what a portfolio run reports beside its statistics (alpha and beta against the
// benchmark, turnover, costs, average holdings) and for the membership note every many-symbol run
// carries (symbol-days the floors removed, symbols never members).
import type { PortfolioResult } from '@app/contract';
import { formatNum, formatPct, toneOf, type SummaryTile } from './format.ts';
import { FIGURE_LABELS } from './texts.ts';

const dollars = (v: number) => `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The figures as tiles; a run made before they existed has none. */
export function portfolioFigures(r: PortfolioResult): SummaryTile[] {
  if (!r.costs || !r.turnover || r.average_holdings === undefined) return [];
  const bench = r.benchmark?.symbol ?? null;
  const alpha = r.alpha ?? null;
  const beta = r.beta ?? null;
  const years = r.turnover.length;
  const turnover = years ? r.turnover.reduce((a, y) => a + y.turnover, 0) / years : null;
  return [
    { label: FIGURE_LABELS.alpha(bench), value: alpha === null ? '—' : formatPct(alpha * 100), tone: toneOf(alpha) },
    { label: FIGURE_LABELS.beta(bench), value: formatNum(beta), tone: 'none' },
    { label: FIGURE_LABELS.turnover, value: turnover === null ? '—' : formatPct(turnover * 100), tone: 'none' },
    { label: FIGURE_LABELS.costs, value: dollars(r.costs.total), tone: 'none' },
    { label: FIGURE_LABELS.averageHoldings, value: r.average_holdings.toFixed(2), tone: 'none' },
  ];
}

/** What the costs were made of, in words. */
export const costsBreakdown = (c: NonNullable<PortfolioResult['costs']>) =>
  FIGURE_LABELS.costsBreakdown(dollars(c.commission), dollars(c.commission_fixed), dollars(c.spread));

/** Each year's turnover as shown: '2021: 123.45%'. */
export const turnoverYears = (t: NonNullable<PortfolioResult['turnover']>) => t.map((y) => `${y.year}: ${formatPct(y.turnover * 100)}`);
