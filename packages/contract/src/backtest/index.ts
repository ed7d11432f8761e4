// Backtesting workflow payloads (spec §3, §5, §7): templates with BUY/SELL indicators, stock periods,
// the backtest run (POST /api/submit_selection/), the backtest chart (GET /api/backtest_chart/) and the
// starter strategies (/api/starters/).
// The server validates with these schemas and the web forms use the same rules and messages.
export * from './fields.ts';
export * from './indicators.ts';
export * from './templates.ts';
export * from './periods.ts';
export * from './run.ts';
export * from './starters.ts';
