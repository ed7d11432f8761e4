// The static backtest chart page (built in the backtesting feature).
export {};
