// Alerts: saved-scan, template and price-level alerts with their channels.
import { z } from 'zod';
import { IdParams } from '../backtest/index.ts';
import { Alert, AlertCheckResult, AlertPatch, AlertTestResult, AlertWrite, ALERT_LIMITS, WEBHOOK_SIGNATURE_HEADER, WebhookTestResult } from '../alerts.ts';
import { endpoint } from './endpoint.ts';

const TAG = 'Alerts';

export const alerts = {
  list: endpoint({ method: 'GET', path: '/api/alerts/', auth: 'user', tag: TAG, summary: "The user's alerts, newest first", status: 200, response: z.array(Alert) }),
  create: endpoint({
    method: 'POST', path: '/api/alerts/', auth: 'user', tag: TAG, summary: 'Create an alert',
    description: `kind scan {scanner_template_id}, template {template_id, side, watchlist_id | symbol} or price {symbol, direction, level}. ` +
      `At most ${ALERT_LIMITS.maxAlerts} per user. Webhooks get a POST of JSON signed in ${WEBHOOK_SIGNATURE_HEADER}.`,
    body: AlertWrite, status: 201, response: Alert,
  }),
  get: endpoint({
    method: 'GET', path: '/api/alerts/{id}/', auth: 'user', tag: TAG, summary: 'An alert with its webhook delivery status',
    params: IdParams, status: 200, response: Alert, errors: [404],
  }),
  update: endpoint({
    method: 'PUT', path: '/api/alerts/{id}/', auth: 'user', tag: TAG, summary: 'Replace an alert (its webhook secret and history stay)',
    params: IdParams, body: AlertWrite, status: 200, response: Alert, errors: [404],
  }),
  patch: endpoint({
    method: 'PATCH', path: '/api/alerts/{id}/', auth: 'user', tag: TAG, summary: 'Switch an alert on or off, rename it or change its channels',
    params: IdParams, body: AlertPatch, status: 200, response: Alert, errors: [404],
  }),
  remove: endpoint({
    method: 'DELETE', path: '/api/alerts/{id}/', auth: 'user', tag: TAG, summary: 'Delete an alert (its notifications stay)',
    params: IdParams, status: 204, response: null, errors: [404],
  }),
  testWebhook: endpoint({
    method: 'POST', path: '/api/alerts/{id}/test_webhook/', auth: 'user', tag: TAG, summary: 'Send one signed test delivery to the webhook',
    description: `At most ${ALERT_LIMITS.webhookTestsPerMinute} a minute per alert (429 beyond). The answer says how the target replied.`,
    params: IdParams, status: 200, response: WebhookTestResult, errors: [404, 429],
  }),
  test: endpoint({
    method: 'POST', path: '/api/alerts/{id}/test/', auth: 'user', tag: TAG, summary: 'Send a test notification through every channel of the alert',
    description: 'One notification marked as a test: in-app (the bell), by e-mail when the alert has e-mail on, and a signed test delivery ' +
      `to its webhook (no retries). Counts with the webhook tests: at most ${ALERT_LIMITS.webhookTestsPerMinute} a minute per user (429 beyond). ` +
      'The answer says, per channel, whether it was sent or why it failed.',
    params: IdParams, status: 200, response: AlertTestResult, errors: [404, 429],
  }),
  check: endpoint({
    method: 'POST', path: '/api/alerts/{id}/check/', auth: 'user', tag: TAG, summary: 'Check an alert against the latest data now',
    description: 'Evaluates the alert (on or off) as the next market update would, and says what would fire; nothing fires, nothing is recorded.',
    params: IdParams, status: 200, response: AlertCheckResult, errors: [404],
  }),
};
