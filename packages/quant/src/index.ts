export type { DailyBars } from './types.ts';
export * from './riskReward.ts';
