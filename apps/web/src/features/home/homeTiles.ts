// The five link tiles of the home page (spec §1); the sixth tile is the live clock.

export type TileIcon = 'backtest' | 'template' | 'calendar' | 'results' | 'filter';

export interface HomeTile {
  title: string;
  description: string;
  to: string;
  icon: TileIcon;
  action: string;
}

export const HOME_TITLE = 'Backtesting & Scanning for US Stocks';

export const HOME_TILES: HomeTile[] = [
  { title: 'Backtesting', description: 'Test strategies with historical data.', to: '/studies', icon: 'backtest', action: 'Run a backtest' },
  { title: 'Templates', description: 'Create indicator templates of buy and sell rules.', to: '/templates', icon: 'template', action: 'Build a template' },
  { title: 'Stock Period', description: 'Define symbols and the periods to test them over.', to: '/stockperiod', icon: 'calendar', action: 'Add a period' },
  { title: 'Results', description: 'Review metrics, trades and charts, then optimize.', to: '/studies', icon: 'results', action: 'Review results' },
  { title: 'Scanner', description: 'Filter US stocks by technicals and fundamentals to find opportunities.', to: '/scanner', icon: 'filter', action: 'Open the scanner' },
];
