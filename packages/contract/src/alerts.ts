// Alerts: a saved scanner query that fires for symbols that newly match it, a backtest
// template's BUY or SELL side on a watchlist or a symbol that fires when every condition of that side
// holds on the latest bar, or a price level a symbol's close crosses. Evaluated after every market
// data update; each fires in-app, and optionally by e-mail and to a signed webhook.
import { z } from 'zod';
import { Id, RowId, Timestamp } from './backtest/fields.ts';
import { symbolParam } from './market.ts';
import { nameField } from './watchlists.ts';

export const ALERT_KINDS = ['scan', 'template', 'price'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
/** A long template's sides, or a short template's (its entry SHORT and its exit COVER). */
export const ALERT_SIDES = ['BUY', 'SELL', 'SHORT', 'COVER'] as const;
export const PRICE_DIRECTIONS = ['above', 'below'] as const;

export const ALERT_LIMITS = {
  /** alerts per user */
  maxAlerts: 200,
  nameMax: 100,
  webhookUrlMax: 2000,
  /** at most 30 days */
  maxCooldownMinutes: 43_200,
  /** webhook tests per user per minute (all the user's alerts together) */
  webhookTestsPerMinute: 10,
  /** symbols one alert reports one by one per update; beyond them one more event says how many more
   *  newly match (with a link to the scan), so a broad query cannot flood the bell or the mailbox */
  maxEventsPerUpdate: 20,
} as const;

/** The header that carries a webhook's signature: "sha256=" + hex HMAC-SHA256 of the raw body with the alert's secret. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Stockbench-Signature';

export const ALERT_MESSAGES = {
  tooManyAlerts: `You can have at most ${ALERT_LIMITS.maxAlerts} alerts. Delete one first.`,
  kind: `Choose one of ${ALERT_KINDS.join(', ')}.`,
  side: 'Side must be BUY, SELL, SHORT or COVER',
  direction: 'Direction must be above or below',
  target: 'Choose a watchlist or a symbol, not both.',
  targetRequired: 'Choose a watchlist or a symbol.',
  levelPositive: 'Level must be greater than 0',
  webhookUrl: 'Enter a valid URL.',
  webhookHttps: 'Webhook URL must start with https://',
  webhookCredentials: 'Webhook URL must not contain a user name or password.',
  webhookBackslash: 'Webhook URL must not contain a backslash.',
  webhookPrivate: 'Webhook URL must not point to a private, loopback or link-local address.',
  noWebhook: 'This alert has no webhook URL.',
  /** the alert's last webhook error after a 3xx answer (never retried) */
  webhookRedirected: 'the target redirected; webhooks do not follow redirects',
  webhookTestsLimited: (seconds: number) =>
    `You can send at most ${ALERT_LIMITS.webhookTestsPerMinute} webhook tests a minute. Try again in ${seconds} seconds.`,
  testsLimited: (seconds: number) =>
    `You can send at most ${ALERT_LIMITS.webhookTestsPerMinute} tests a minute (webhook tests included). Try again in ${seconds} seconds.`,
  /** the in-app test notification's words: marked as a test, so nobody takes it for a signal */
  testMessage: (name: string) => `Test notification from alert ${name}: nothing fired, this only shows the alert reaches you.`,
  testInAppSent: 'Added to your notifications (the bell).',
  testEmailSent: (to: string) => `Sent to ${to}.`,
  testEmailNoServer: 'This server has no mail server set up (SMTP_URL), so the e-mail was only written to its log.',
  testEmailNoAddress: 'Your account has no e-mail address.',
  testWebhookSent: (status: number | null) => `Delivered${status ? ` (HTTP ${status})` : ''}.`,
  scannerTemplateNotFound: 'Saved query not found.',
  templateNotFound: 'Template not found.',
  templateNoConditions: (side: string) => `The template has no ${side} conditions.`,
  watchlistNotFound: 'Watchlist not found.',
  symbolNotFound: 'symbol not found',
  cooldown: `Cooldown must be a whole number of minutes between 0 and ${ALERT_LIMITS.maxCooldownMinutes}.`,
} as const;

/** An http(s) URL without credentials; the server also requires https and a public address unless its
 *  ALERT_WEBHOOK_ALLOW_PRIVATE setting is on. */
export const WebhookUrl = z
  .string({ error: ALERT_MESSAGES.webhookUrl })
  .trim()
  .max(ALERT_LIMITS.webhookUrlMax, `Ensure this field has no more than ${ALERT_LIMITS.webhookUrlMax} characters.`)
  .superRefine((s, ctx) => {
    let u: URL;
    try {
      u = new URL(s);
    } catch {
      ctx.addIssue({ code: 'custom', message: ALERT_MESSAGES.webhookUrl });
      return;
    }
    if (s.includes('\\')) ctx.addIssue({ code: 'custom', message: ALERT_MESSAGES.webhookBackslash });
    else if (u.protocol !== 'https:' && u.protocol !== 'http:') ctx.addIssue({ code: 'custom', message: ALERT_MESSAGES.webhookHttps });
    else if (u.username || u.password) ctx.addIssue({ code: 'custom', message: ALERT_MESSAGES.webhookCredentials });
  });

const common = {
  name: nameField(ALERT_LIMITS.nameMax),
  enabled: z.boolean({ error: 'Must be a valid boolean.' }).default(true),
  /** e-mail the user (batched per update) besides the in-app notification */
  email: z.boolean({ error: 'Must be a valid boolean.' }).default(false),
  /** null or absent: no webhook; '' counts as none */
  webhook_url: z
    .union([z.literal('').transform(() => null), z.null(), WebhookUrl])
    .optional()
    .transform((v) => v ?? null),
  /** after firing, the same alert (and symbol) stays quiet this long */
  cooldown_minutes: z
    .number({ error: ALERT_MESSAGES.cooldown })
    .int(ALERT_MESSAGES.cooldown)
    .min(0, ALERT_MESSAGES.cooldown)
    .max(ALERT_LIMITS.maxCooldownMinutes, ALERT_MESSAGES.cooldown)
    .default(0),
};

const ScanAlert = z.object({ kind: z.literal('scan'), ...common, scanner_template_id: Id });
const TemplateAlert = z
  .object({
    kind: z.literal('template'),
    ...common,
    template_id: Id,
    side: z.enum(ALERT_SIDES, { error: ALERT_MESSAGES.side }),
    watchlist_id: Id.nullable().optional(),
    symbol: symbolParam.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    const w = v.watchlist_id !== undefined && v.watchlist_id !== null;
    const s = v.symbol !== undefined && v.symbol !== null;
    if (w && s) ctx.addIssue({ code: 'custom', path: ['symbol'], message: ALERT_MESSAGES.target });
    if (!w && !s) ctx.addIssue({ code: 'custom', path: ['symbol'], message: ALERT_MESSAGES.targetRequired });
  });
const PriceAlert = z.object({
  kind: z.literal('price'),
  ...common,
  symbol: symbolParam,
  direction: z.enum(PRICE_DIRECTIONS, { error: ALERT_MESSAGES.direction }),
  level: z.number({ error: 'A valid number is required.' }).finite().positive(ALERT_MESSAGES.levelPositive).max(1e9),
});

/** POST /api/alerts/ and PUT /api/alerts/{id}/ body (a PUT replaces every field; the kind may change). */
export const AlertWrite = z.discriminatedUnion('kind', [ScanAlert, TemplateAlert, PriceAlert], { error: ALERT_MESSAGES.kind });
export type AlertWrite = z.input<typeof AlertWrite>;
export type AlertWriteInput = z.output<typeof AlertWrite>;

/** PATCH /api/alerts/{id}/ body: the on/off switch and the channels (what the list's toggles change). */
export const AlertPatch = z
  .object({
    name: common.name.optional(),
    enabled: z.boolean({ error: 'Must be a valid boolean.' }).optional(),
    email: z.boolean({ error: 'Must be a valid boolean.' }).optional(),
    webhook_url: z.union([z.literal('').transform(() => null), z.null(), WebhookUrl]).optional(),
    cooldown_minutes: common.cooldown_minutes.removeDefault().optional(),
  })
  .strict();
export type AlertPatch = z.input<typeof AlertPatch>;

/** How the alert's webhook deliveries went (failures are recorded, never retried forever). */
export const WebhookStatus = z.object({
  last_attempt_at: Timestamp.nullable(),
  last_success_at: Timestamp.nullable(),
  /** the last failure's reason ("HTTP 500", "timeout", "refused: private address"…); null after a success */
  last_error: z.string().nullable(),
  /** deliveries failed in a row (after their retries) */
  consecutive_failures: z.number().int(),
});
export type WebhookStatus = z.infer<typeof WebhookStatus>;

export const Alert = z.object({
  id: RowId,
  kind: z.enum(ALERT_KINDS),
  name: z.string(),
  enabled: z.boolean(),
  email: z.boolean(),
  webhook_url: z.string().nullable(),
  /** the HMAC-SHA256 key of this alert's webhook signatures */
  webhook_secret: z.string(),
  cooldown_minutes: z.number().int(),
  /** kind scan */
  scanner_template_id: RowId.nullable(),
  /** kind template */
  template_id: RowId.nullable(),
  side: z.enum(ALERT_SIDES).nullable(),
  watchlist_id: RowId.nullable(),
  /** kind template on a symbol, or kind price */
  symbol: z.string().nullable(),
  /** kind price */
  direction: z.enum(PRICE_DIRECTIONS).nullable(),
  level: z.number().nullable(),
  /** what it watches, in words: "Saved query Breakouts", "Template Golden cross (BUY) on watchlist Tech", "AAPL crosses above 200" */
  description: z.string(),
  last_evaluated_at: Timestamp.nullable(),
  last_fired_at: Timestamp.nullable(),
  webhook_status: WebhookStatus,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Alert = z.infer<typeof Alert>;

/** POST /api/alerts/{id}/test_webhook/ answer: one signed test delivery (no retries). */
export const WebhookTestResult = z.object({
  ok: z.boolean(),
  /** the target's HTTP status; null when none came back */
  status: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type WebhookTestResult = z.infer<typeof WebhookTestResult>;

/** Where a test notification leads: the alerts page (a test is about no symbol). */
export const ALERT_TEST_LINK = '/alerts';

/** The ways an alert reaches its user: in-app always, e-mail and a webhook when the alert has them. */
export const ALERT_CHANNELS = ['in_app', 'email', 'webhook'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** POST /api/alerts/{id}/test/ answer: one test notification through each channel the alert has,
 *  in the order in_app, email, webhook, each with what happened. */
export const AlertTestResult = z.object({
  channels: z.array(
    z.object({
      channel: z.enum(ALERT_CHANNELS),
      outcome: z.enum(['sent', 'failed']),
      /** in words: where it went, or why it failed */
      detail: z.string(),
    }),
  ),
});
export type AlertTestResult = z.infer<typeof AlertTestResult>;

/** The JSON a webhook receives (also what a test delivery sends, with test: true). */
export const WebhookPayload = z.object({
  alert: z.object({ id: RowId, name: z.string(), kind: z.enum(ALERT_KINDS) }),
  /** the market data update that fired it (date of the latest bar) */
  as_of: z.string().nullable(),
  test: z.boolean(),
  events: z.array(
    z.object({
      /** null for the "N more symbols" event of a scan */
      symbol: z.string().nullable(),
      message: z.string(),
      close: z.number().nullable(),
      values: z.record(z.string(), z.number().nullable()),
      link: z.string(),
    }),
  ),
});
export type WebhookPayload = z.infer<typeof WebhookPayload>;

/** POST /api/alerts/{id}/check/ answer: the alert evaluated against the latest data now, as the next
 *  market update would (its cooldown and what it last matched included), without firing or recording. */
export const AlertCheckResult = z.object({
  would_fire: z.boolean(),
  /** the date of the latest bar the check read (the symbol's, or the market's for a scan); null without data */
  as_of: z.string().nullable(),
  /** what would fire, as the notification would say it */
  events: z.array(z.object({ symbol: z.string().nullable(), message: z.string(), link: z.string() })),
  /** in words: what would fire, or why nothing would */
  detail: z.string(),
});
export type AlertCheckResult = z.infer<typeof AlertCheckResult>;
