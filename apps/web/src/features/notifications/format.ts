import type { Notification } from '@app/contract';

// How a notification reads: its values as "name value" pairs, the date it was created.

/** "RSI(14) 28.4 · level 200" from the values behind a firing; nulls are left out, and so is the
 *  close, which the notification shows on its own. */
export function valuesLine(values: Notification['values']): string {
  return Object.entries(values)
    .filter((e): e is [string, number] => e[0] !== 'close' && typeof e[1] === 'number' && Number.isFinite(e[1]))
    .map(([k, v]) => `${k} ${Number.isInteger(v) ? v : Number(v.toPrecision(6))}`)
    .join(' · ');
}

/** Whether the server's link is an app path the router can open (never an outside address). */
export const isAppPath = (link: string) => link.startsWith('/') && !link.startsWith('//');
