// The words of "Run your first backtest" (components/FirstBacktest.tsx), shared with its browser test.
import { LIQUIDITY_BARS, STARTER_RUN_YEARS } from '@app/contract';

export const FIRST_BACKTEST_TEXT = {
  title: 'Run your first backtest',
  intro: `Pick a starter strategy and a symbol. Run copies the strategy into your templates, creates a period of the last ${STARTER_RUN_YEARS} years and opens the results.`,
  starter: 'Starter strategy',
  symbol: 'Symbol',
  symbolHint: (symbol: string, name: string | null) => `Default: ${symbol}${name ? ` (${name})` : ''}, the most traded in dollars over the last ${LIQUIDITY_BARS} sessions.`,
  run: 'Run',
  buyWhen: 'BUY when',
  sellWhen: 'SELL when',
  noSell: 'held to the end',
  failed: 'Could not set up the backtest. Please try again.',
  loadFailed: 'Could not load the starter strategies.',
  retry: 'Retry',
  /** Why the login (or sign-up) page appeared, when Run sent a signed-out user there. */
  loginReason: 'Log in to run your first backtest',
  signupReason: 'Create an account to run your first backtest',
} as const;
