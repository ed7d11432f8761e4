// API payload shapes shared by the server and the web app. One file per feature.
export * from './meta.ts';
export * from './text.ts';
export * from './numberInput.ts';
export * from './limits.ts';
export * from './auth.ts';
export * from './blog.ts';
export * from './backtest/index.ts';
export * from './scanner/index.ts';
export * from './market.ts';
export * from './luck.ts';
export * from './optimize.ts';
export * from './optimizeWords.ts';
export * from './universe.ts';
export * from './watchlists.ts';
export * from './alerts.ts';
export * from './notifications.ts';
export * from './endpoints/index.ts';
