import type { FastifyInstance } from 'fastify';
import { endpoints, NOTIFICATION_MESSAGES } from '@app/contract';
import type { RouteOpts } from '../../deps.ts';
import { badRequest, found } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { stopAlertEmails } from '../../alerts/repository.ts';
import { verifyUnsubscribeToken } from '../../alerts/mail.ts';
import { countNotifications, listNotifications, markAllRead, markRead, userEmail } from '../../notifications/repository.ts';

/** /api/notifications/: what the user's alerts fired, the bell, and the e-mail unsubscribe. */
export default async function notificationRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  const { notifications } = endpoints;

  route(app, notifications.list, async ({ user, query }) => {
    const { count, unread } = await countNotifications(deps.db, user.id);
    const results = await listNotifications(deps.db, user.id, query.order, query.page_size, (query.page - 1) * query.page_size);
    return { count, unread, page: query.page, next: query.page * query.page_size < count ? query.page + 1 : null, results };
  });

  route(app, notifications.unreadCount, async ({ user }) => ({ unread: (await countNotifications(deps.db, user.id)).unread }));

  route(app, notifications.markRead, async ({ user, params }) => found(await markRead(deps.db, user.id, params.id)));

  route(app, notifications.markAllRead, async ({ user }) => ({ updated: await markAllRead(deps.db, user.id) }));

  route(app, notifications.unsubscribe, async ({ body }) => {
    const userId = verifyUnsubscribeToken(deps.config, body.token);
    const email = userId === null ? null : await userEmail(deps.db, userId);
    if (userId === null || email === null) throw badRequest({ token: [NOTIFICATION_MESSAGES.badToken] });
    return { email, alerts_updated: await stopAlertEmails(deps.db, userId) };
  });
}
