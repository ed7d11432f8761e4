// Strings of the Backtest (Studies) screen; the spec's (§4, §8) are exact and shared with the tests.
export const STUDIES_TEXT = {
  title: 'Backtest',
  intro: 'Run one of your templates on one of your stock periods and review its statistics, trades and equity curve.',
  template: 'Template',
  period: 'Stock period',
  pickTemplate: 'Select a template',
  pickPeriod: 'Select a period',
  run: 'Run Backtest',
  running: 'Running Backtest',
  viewChart: 'View Chart',
  statsTitle: 'Statistics',
  tradesTitle: 'Trades',
  equityTitle: 'Equity curve vs buy and hold',
  conditionsTitle: 'Conditions',
  downloadTrades: 'Download trades CSV',
  downloadStats: 'Download stats CSV',
  noTemplates: 'You have no templates yet.',
  noPeriods: 'You have no stock periods yet.',
  createTemplate: 'Create a template',
  createPeriod: 'Define a period',
  idle: 'Pick a template and a period, then run the backtest.',
  strategy: 'Strategy',
  buyHold: 'Buy & hold',
  drawdown: 'Drawdown',
  chartMissing: 'The chart page is not available.',
  // a phone's trades table and the no-trades pointer
  entry: 'Entry',
  exit: 'Exit',
  pnl: 'P&L',
  tradeDetails: (n: number) => `Details of trade ${n}`,
  why: 'Why',
  whyToggle: (n: number) => `Why trade ${n} opened and closed`,

  noTradesHint: 'The BUY conditions never held on this period (or not one whole share could be bought): loosen them, or pick a longer period.',
  editConditions: 'Change the template’s conditions',
} as const;

export const STUDIES_ERRORS = {
  noTrades: 'No Trades made, please modify indicators',
  failed: 'Failed to run backtest. Please try again.',
  statsMissing: 'Stats not found in response',
  notFound: 'Backtest not found: the template or the period does not exist or is not yours.',
  fetchTemplates: 'Failed to fetch templates',
  fetchPeriods: 'Failed to fetch periods',
  noTradesToDisplay: 'No trades to display.',
  noStats: 'No stats available',
} as const;

/** The static chart page (spec §2) and the query string it reads. */
export const CHART_PAGE = '/public/chart.html';
export const chartPageUrl = (periodId: number, templateId: number) => `${CHART_PAGE}?period_id=${periodId}&template_id=${templateId}`;
/** The chart page's HTML carries this marker, so the existence check cannot be fooled by the SPA's
 *  fallback page (the server answers any unknown path with index.html). */
export const CHART_PAGE_MARKER = 'backtest-chart-page';

/** The Templates screen with one template picked (its conditions and the form to change them). */
export const templateLink = (templateId: number) => `/templates?template=${templateId}`;
