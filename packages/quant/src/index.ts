export type { DailyBars } from './types.ts';
