// The calculator's words from spec §2, used by the screen and its browser test.

export const RRC_TEXT = {
  title: 'Risk-Reward Calculator',
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
  // The spec's exact footer wording (§2).
  footer: 'Position Sizing management tool.',
} as const;
