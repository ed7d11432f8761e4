// The calculator's words from spec §2, used by the screen and its browser test.

export const RRC_TEXT = {
  title: 'Risk-Reward Calculator',
  intro: 'Size a position from your stop: see how many shares to buy, what you risk, and the price at each multiple of that risk.',
  symbol: 'Symbol',
  sharePrice: 'Share/Buy Price ($)',
  portfolioSize: 'Portfolio Size ($)',
  positionSize: 'Position Size (%)',
  stopLoss: 'StopLoss',
  calculate: 'Calculate',
  summaryTitle: 'Risk Management Summary',
  amtPosition: '$ Amt Position',
  sharesToBuy: '# of Shares to Buy',
  stopPrice: 'StopLoss Price',
  target3r: 'Target 3R Price',
  stopAmount: '$ Stop Amount (Total Risk)',
  riskEquity: 'Risk as % of Equity',
  levelsLow: 'Risk-Reward Levels (1R to 5R)',
  levelsHigh: 'Risk-Reward Levels (6R to 10R)',
  rowDollar: '$ Risk Multiple',
  rowPrice: 'Price Target',
  rowGain: 'Gain %',
  useInTemplate: 'Use in a template',
  inTemplateHint: (stopPercent: number, riskPercent: number) =>
    `Backtest this sizing: a new template with a ${stopPercent}% stop-loss that risks ${riskPercent}% of equity per trade.`,
  inTemplateNeeds: 'Calculate a position with a stop and some risk to use it in a template.',
  // The spec's exact footer wording (§2).
  footer: 'Position Sizing management tool.',
} as const;
