// Every indicator the product shows or trades on. Typed arrays in, typed arrays out, the input's length,
// NaN during warm-up, O(n); definitions in ARCHITECTURE.md ("Indicators").
export { sma, ema, rma } from './movingAverages.ts';
export { rsi } from './rsi.ts';
export { macd, type Macd } from './macd.ts';
export { obv, averageVolume } from './volume.ts';
export { trueRange, atr } from './volatility.ts';
export { supertrend, type Supertrend } from './supertrend.ts';
export { shift as offset } from './series.ts';
export { bbands, type Bollinger } from './bbands.ts';
export { stoch, willr, cci, roc, type Stochastic } from './oscillators.ts';
export { adx, type Dmi } from './adx.ts';
export { rollingMax, rollingMin } from './rolling.ts';
