// Notifications: what fired, in-app (the bell and /notifications), and the e-mail
// unsubscribe that works without signing in.
import { z } from 'zod';
import { Id, RowId, Timestamp } from './backtest/fields.ts';
import { ALERT_KINDS } from './alerts.ts';

export const NOTIFICATION_ORDERS = ['unread', 'newest'] as const;
export const NOTIFICATION_PAGE_SIZE = 20;

export const NOTIFICATION_MESSAGES = {
  badToken: 'This unsubscribe link is not valid.',
} as const;

export const Notification = z.object({
  id: RowId,
  /** null once the alert is deleted */
  alert_id: RowId.nullable(),
  alert_name: z.string(),
  kind: z.enum(ALERT_KINDS),
  symbol: z.string().nullable(),
  /** what matched, in words */
  message: z.string(),
  /** the symbol's close on the bar that fired it */
  close: z.number().nullable(),
  /** the values behind it (indicator values, the level…) */
  values: z.record(z.string(), z.number().nullable()),
  /** the app's page to open: the symbol's chart (/rchart/SYMBOL/) or, for the "N more symbols" event of
   *  a scan alert (symbol null), the scanner with the saved query (/scanner?template=ID); for a test
   *  notification (POST /api/alerts/{id}/test/), the alerts page (/alerts) */
  link: z.string(),
  /** date of the bar that fired it */
  bar_date: z.string().nullable(),
  created_at: Timestamp,
  read_at: Timestamp.nullable(),
});
export type Notification = z.infer<typeof Notification>;

const positiveInt = (max: number, dflt: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return dflt;
      if (!/^\d{1,9}$/.test(v) || Number(v) < 1 || Number(v) > max) {
        ctx.addIssue({ code: 'custom', message: `Enter a whole number between 1 and ${max}.` });
        return z.NEVER;
      }
      return Number(v);
    });

/** GET /api/notifications/ query: unread first (then newest) or simply newest first. */
export const NotificationListQuery = z.object({
  page: positiveInt(1_000_000, 1),
  page_size: positiveInt(100, NOTIFICATION_PAGE_SIZE),
  order: z.enum(NOTIFICATION_ORDERS, { error: `Choose one of ${NOTIFICATION_ORDERS.join(', ')}.` }).optional().default('unread'),
});
export type NotificationListQuery = z.input<typeof NotificationListQuery>;

export const NotificationPage = z.object({
  count: z.number().int(),
  unread: z.number().int(),
  page: z.number().int(),
  /** the next page's number, or null on the last page */
  next: z.number().int().nullable(),
  results: z.array(Notification),
});
export type NotificationPage = z.infer<typeof NotificationPage>;

export const UnreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;

export const MarkAllReadResult = z.object({ updated: z.number().int() });

export const NotificationIdParams = z.object({ id: Id });

/** POST /api/notifications/unsubscribe/ body: the token of the e-mail's link (/unsubscribe?token=…). */
export const UnsubscribeBody = z.object({
  token: z.string({ error: 'This field is required.' }).min(1, 'This field may not be blank.').max(500),
});
export const UnsubscribeResult = z.object({
  /** the address that no longer receives alert e-mails */
  email: z.string(),
  /** alerts whose e-mail channel was turned off */
  alerts_updated: z.number().int(),
});
export type UnsubscribeResult = z.infer<typeof UnsubscribeResult>;
