import type { FastifyInstance } from 'fastify';
import { ALERT_LIMITS, ALERT_MESSAGES, endpoints, type AlertWriteInput } from '@app/contract';
import type { RouteOpts } from '../../deps.ts';
import { badRequest, found, HttpError, notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { hit } from '../../accounts/rateLimitStore.ts';
import { getTemplate } from '../../backtest/templateRepository.ts';
import { getTemplate as getSavedQuery } from '../../scanner/templatesRepository.ts';
import { getWatchlist } from '../../watchlists/repository.ts';
import { alertForCheck, countAlerts, createAlert, deleteAlert, getAlert, listAlerts, patchAlert, replaceAlert } from '../../alerts/repository.ts';
import { checkAlert } from '../../alerts/check.ts';
import { withUserLock } from '../../db/userLock.ts';
import { webhookUrlProblem } from '../../alerts/webhookTarget.ts';
import { postOnce, testResult } from '../../alerts/webhook.ts';
import { webhookPayload } from '../../alerts/jobs.ts';
import { chartLink } from '../../alerts/evaluate.ts';
import { sendAlertTest } from '../../alerts/testNotification.ts';
import { createMailer } from '../../accounts/mailer.ts';

/** /api/alerts/: the user's alerts — saved scans, template sides and price levels. */
export default async function alertRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  const { alerts } = endpoints;
  const mailer = createMailer(deps.config, app.log);

  /** Webhook tests and whole-alert tests count together, per user (not per alert: many alerts must not
   *  multiply the tests one target or mailbox receives), in the auth throttle's table shared by every process. */
  async function limitTests(userId: number, message: (seconds: number) => string) {
    const { hits, ttl } = await hit(deps.db, `alert-webhook-test-user:${userId}`, 60);
    if (hits > ALERT_LIMITS.webhookTestsPerMinute) throw new HttpError(429, { detail: message(ttl) }, { 'retry-after': String(ttl) });
  }

  const checkWebhook = (url: string | null | undefined) => {
    if (!url) return;
    const problem = webhookUrlProblem(url, deps.config.alertWebhookAllowPrivate);
    if (problem) throw badRequest({ webhook_url: [problem] });
  };

  /** What the alert refers to must be the user's own, and its symbol listed (400 naming the field). */
  async function checkRefs(userId: number, a: AlertWriteInput) {
    checkWebhook(a.webhook_url);
    if (a.kind === 'scan' && !(await getSavedQuery(deps.db, userId, a.scanner_template_id))) {
      throw badRequest({ scanner_template_id: [ALERT_MESSAGES.scannerTemplateNotFound] });
    }
    if (a.kind === 'template') {
      const t = await getTemplate(deps.db, userId, a.template_id);
      if (!t) throw badRequest({ template_id: [ALERT_MESSAGES.templateNotFound] });
      if (!t.indicators.some((i) => i.indicator_type === a.side)) throw badRequest({ side: [ALERT_MESSAGES.templateNoConditions(a.side)] });
      if (a.watchlist_id != null && !(await getWatchlist(deps.db, userId, a.watchlist_id))) throw badRequest({ watchlist_id: [ALERT_MESSAGES.watchlistNotFound] });
    }
    if ((a.kind === 'template' || a.kind === 'price') && a.symbol && !deps.series.get(a.symbol)) throw badRequest({ symbol: [ALERT_MESSAGES.symbolNotFound] });
  }

  route(app, alerts.list, async ({ user }) => listAlerts(deps.db, user.id));

  route(app, alerts.create, async ({ user, body }) => {
    await checkRefs(user.id, body);
    return withUserLock(deps.db, 'alerts', user.id, async (t) => {
      if ((await countAlerts(t, user.id)) >= ALERT_LIMITS.maxAlerts) throw badRequest(ALERT_MESSAGES.tooManyAlerts);
      return createAlert(t, user.id, body);
    });
  });

  route(app, alerts.get, async ({ user, params }) => found(await getAlert(deps.db, user.id, params.id)));

  route(app, alerts.update, async ({ user, params, body }) => {
    if (!(await getAlert(deps.db, user.id, params.id))) throw notFound();
    await checkRefs(user.id, body);
    return found(await replaceAlert(deps.db, user.id, params.id, body));
  });

  route(app, alerts.patch, async ({ user, params, body }) => {
    if (!(await getAlert(deps.db, user.id, params.id))) throw notFound();
    checkWebhook(body.webhook_url);
    return found(await patchAlert(deps.db, user.id, params.id, body));
  });

  route(app, alerts.remove, async ({ user, params }) => {
    if (!(await deleteAlert(deps.db, user.id, params.id))) throw notFound();
  });

  route(app, alerts.check, async ({ user, params }) => {
    const a = await alertForCheck(deps.db, user.id, params.id);
    if (!a) throw notFound();
    await deps.series.ready();
    return checkAlert(deps.db, deps.series, a);
  });

  route(app, alerts.testWebhook, async ({ user, params }) => {
    const a = found(await getAlert(deps.db, user.id, params.id));
    if (!a.webhook_url) throw badRequest({ webhook_url: [ALERT_MESSAGES.noWebhook] });
    await limitTests(user.id, ALERT_MESSAGES.webhookTestsLimited);
    const symbol = a.symbol ?? 'TEST';
    const payload = webhookPayload(a, [{
      alertId: a.id, userId: user.id, alertName: a.name, kind: a.kind, symbol, message: `Test delivery of alert ${a.name}`,
      close: null, values: {}, link: chartLink(symbol), barDate: new Date().toISOString().slice(0, 10),
    }], true);
    return testResult(await postOnce(deps.config, a.webhook_url, a.webhook_secret, payload));
  });

  route(app, alerts.test, async ({ user, params }) => {
    const a = found(await getAlert(deps.db, user.id, params.id));
    await limitTests(user.id, ALERT_MESSAGES.testsLimited);
    return sendAlertTest(deps, mailer, user.id, a);
  });
}
