// Strings of the overfitting guards (optimisation), the trade Monte Carlo (backtest) and the short
// help page behind them, shared with their tests.
import { LUCK_MIN_TRADES, LUCK_THRESHOLDS, type LuckVerdict } from '@app/contract';

const pct = (v: number) => `${Math.round(v * 100)} %`;

export const HELP_PATH = '/help/overfitting';

export const LUCK_TEXT = {
  title: 'Is it luck?',
  subtitle: 'The more cells a grid tries, the better its best cell looks by chance alone.',
  dsr: (v: number) => `Deflated Sharpe ${v.toFixed(2)}`,
  dsrExplain: (v: number, tries: number) =>
    `after ${tries.toLocaleString('en-US')} ${tries === 1 ? 'try' : 'tries'}, a ${pct(v)} chance the best cell's true Sharpe ratio is above zero`,
  excessDsr: (v: number) => `Against buy and hold ${v.toFixed(2)}`,
  excessExplain: (v: number) => `a ${pct(v)} chance the best cell beats buying and holding the same stock over the same days (the Sharpe ratio of the daily difference above zero)`,
  noExcessDsr: 'Against buy and hold — not enough varied daily returns to measure it',
  tooFewTrades: (trades: number) =>
    `Too few trades to tell: the best cell made ${trades.toLocaleString('en-US')} ${trades === 1 ? 'trade' : 'trades'}, and at least ${LUCK_MIN_TRADES} are needed before its returns say anything about luck. Try a longer period or rules that trade more often.`,
  noDsr: 'Deflated Sharpe — not enough varied daily returns to measure it',
  pbo: (v: number) => `PBO ${pct(v)}`,
  pboExplain: (v: number, splits: number) =>
    `in ${pct(v)} of ${splits.toLocaleString('en-US')} ways of cutting the history in two halves, the cell that was best in one half did no better than the middle cell in the other`,
  noPbo: (min: number) => `PBO — needs at least ${min} cells with trades`,
  verdict: { green: 'Likely real', amber: 'Unsure', red: 'Likely luck', too_few_trades: 'Too few trades' } satisfies Record<LuckVerdict, string>,
  thresholds: `With at least ${LUCK_MIN_TRADES} trades: green when the Deflated Sharpe, and the same against buy and hold, are ≥ ${LUCK_THRESHOLDS.green.deflated_sharpe} and PBO ≤ ${pct(LUCK_THRESHOLDS.green.pbo)}; red when either is < ${LUCK_THRESHOLDS.red.deflated_sharpe} or PBO > ${pct(LUCK_THRESHOLDS.red.pbo)}; amber otherwise.`,
  learnMore: 'What these numbers mean',
  downloadCsv: 'Download CSV',
  foldsTitle: 'Is it luck? Per fold',
  fold: 'Fold',
  foldDsr: 'Deflated Sharpe',
  foldPbo: 'PBO',
  foldVerdict: 'Verdict',
  pboPct: pct,
};

export const MONTE_CARLO_TEXT = {
  // kept free of "trades" and "on": other tables and headings of the Backtest screen are found by those words
  title: 'Resampling check',
  subtitle: (resamples: number, trades: number) =>
    `Monte Carlo: ${trades.toLocaleString('en-US')} trades resampled ${resamples.toLocaleString('en-US')} times: drawn with replacement (bootstrap) and in shuffled order.`,
  percentile: 'Percentile',
  bootstrap: 'Bootstrap',
  shuffle: 'Shuffled order',
  finalReturn: 'Final return',
  maxDrawdown: 'Max. drawdown',
  lossShare: 'Resamples losing money',
  band: 'Monte Carlo 5–95 %',
  learnMore: 'What this means',
};

export const HELP_TEXT = {
  title: 'Is it luck? Overfitting and the Monte Carlo',
  paragraphs: [
    'An optimisation tries many cells and shows the best one. Even when no cell has a real edge, the best of many looks good by chance; the more cells, the better it looks. Two numbers measure how much of the best cell is that luck.',
    'Deflated Sharpe (Bailey and López de Prado, 2014): the probability that the best cell’s true Sharpe ratio is above zero once we allow for the number of cells with trades (the tries), how much their Sharpe ratios differ, how many daily returns the best cell has, and how lopsided and fat-tailed they are. 0.95 or more is strong evidence; below 0.5 the best cell is more likely luck than not.',
    'Against buy and hold: a long strategy in a rising market makes money without any edge. So the same Deflated Sharpe is also computed on the best cell’s daily returns minus those of simply holding the same stock over the same days (same tries, same bar to clear). It is the probability that the best cell beats buying and holding. The badge takes the lower of the two: a strategy that only rides the market is not green.',
    `Too few trades: with fewer than ${LUCK_MIN_TRADES} trades by the best cell (in the period the grid was run on, or in a walk-forward fold’s in-sample part) its daily returns come from a handful of positions, and no probability computed from them means anything. The badge then says “Too few trades” and the panel shows no probability.`,
    'PBO, the Probability of Backtest Overfitting (Bailey, Borwein, López de Prado and Zhu, 2015): the daily returns of every cell are cut into 16 blocks of time; for each of the 12,870 ways of picking 8 blocks as the “past” and the other 8 as the “future”, we take the cell that did best in the past and see where it ranks in the future. PBO is the share of splits where it lands in the bottom half. Near 50 % means picking the best cell is no better than picking at random; near 0 % means the best stays good.',
    `The badge: ${LUCK_TEXT.thresholds}`,
    'The trade Monte Carlo on a backtest replays its trades 1,000 times, drawn with replacement and in shuffled order, and shows the 5th, 50th and 95th percentile of the final return and of the maximum drawdown, and the share of replays that lose money. A wide band means the result depended on the order and the luck of a few trades. The same seed gives the same numbers every time.',
  ],
};
