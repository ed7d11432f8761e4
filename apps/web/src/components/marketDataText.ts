// The words of the demo-market notes (components/DemoMarketNote.tsx), shared with their tests.

export const MARKET_DATA_LINK = 'Market data';

export const DEMO_MARKET_TEXT = {
  /** Under a ticker the demo market lacks (a chart's 'symbol not found', a search with no match). */
  notInDemo: (symbol: string) =>
    `${symbol} is not in the demo market: this site runs on generated, fictional listings until real market data is loaded.`,
  howTo: 'How to load real data:',
  /** Before links to the loaded market's most traded listings. */
  tryThese: 'Charts of listings it has:',
} as const;
