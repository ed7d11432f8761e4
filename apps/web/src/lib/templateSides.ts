// A template's sides and blocks: long (BUY/SELL rows) or short (SHORT/COVER rows), and the OR groups
// of each side. Shared by the template builder and the Backtest screen's conditions.
import type { Indicator } from '@app/contract';

/** A template is long (BUY/SELL rows) or short (SHORT/COVER rows). */
export type TemplateSide = 'long' | 'short';
export const SIDE_TYPES = { long: ['BUY', 'SELL'], short: ['SHORT', 'COVER'] } as const satisfies Record<TemplateSide, readonly string[]>;
/** How the form and the list name each side of the rule. */
export const SIDE_WORDS: Record<string, string> = { BUY: 'Buy when', SELL: 'Sell when', SHORT: 'Short when', COVER: 'Cover when' };

/** The side of a template's existing rows, or null when it has none yet (the user picks). */
export function sideOfRows(rows: readonly Pick<Indicator, 'indicator_type'>[]): TemplateSide | null {
  if (rows.length === 0) return null;
  return rows.some((r) => r.indicator_type === 'SHORT' || r.indicator_type === 'COVER') ? 'short' : 'long';
}

/** The blocks (groups) of one side of a template, in order, each with its rows. */
export function blocksOf<T extends Pick<Indicator, 'indicator_type' | 'group'>>(rows: readonly T[], type: string): { group: number; rows: T[] }[] {
  const byGroup = new Map<number, T[]>();
  for (const r of rows) if (r.indicator_type === type) byGroup.set(r.group, [...(byGroup.get(r.group) ?? []), r]);
  return [...byGroup.keys()].sort((a, b) => a - b).map((group) => ({ group, rows: byGroup.get(group)! }));
}

/** The group number a new block takes: one above every group the template uses. */
export const newGroup = (rows: readonly Pick<Indicator, 'group'>[]) => (rows.length ? Math.max(...rows.map((r) => r.group)) + 1 : 0);
