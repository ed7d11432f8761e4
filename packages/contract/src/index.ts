// API payload shapes shared by the server and the web app. One file per feature.
export * from './meta.ts';
export * from './auth.ts';
export * from './blog.ts';
export * from './backtest.ts';
export * from './scanner.ts';
export * from './market.ts';
