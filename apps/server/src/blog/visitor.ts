import { createHmac } from 'node:crypto';

/**
 * Who counts as one visitor for views_count: the same IP address and browser on the same UTC day.
 * Only a keyed hash is stored, so the table never holds an IP address or a user agent.
 */
export function visitorKey(secret: string, ip: string, userAgent: string | undefined): string {
  return createHmac('sha256', secret).update(`${ip}\n${userAgent ?? ''}`).digest('base64url').slice(0, 32);
}

/** The UTC calendar day of `now` as YYYY-MM-DD. */
export function utcDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
