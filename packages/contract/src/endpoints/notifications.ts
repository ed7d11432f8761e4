// Notifications: what the alerts fired, the bell's count, and the e-mail unsubscribe.
import {
  MarkAllReadResult,
  Notification,
  NotificationIdParams,
  NotificationListQuery,
  NotificationPage,
  UnreadCount,
  UnsubscribeBody,
  UnsubscribeResult,
} from '../notifications.ts';
import { endpoint } from './endpoint.ts';

const TAG = 'Notifications';

export const notifications = {
  list: endpoint({
    method: 'GET', path: '/api/notifications/', auth: 'user', tag: TAG, summary: "The user's notifications, a page at a time",
    description: 'order=unread (default): unread first, each group newest first; order=newest: newest first.',
    query: NotificationListQuery, status: 200, response: NotificationPage,
  }),
  unreadCount: endpoint({ method: 'GET', path: '/api/notifications/unread_count/', auth: 'user', tag: TAG, summary: 'The bell: how many are unread', status: 200, response: UnreadCount }),
  markRead: endpoint({
    method: 'POST', path: '/api/notifications/{id}/read/', auth: 'user', tag: TAG, summary: 'Mark one read',
    params: NotificationIdParams, status: 200, response: Notification, errors: [404],
  }),
  markAllRead: endpoint({ method: 'POST', path: '/api/notifications/read_all/', auth: 'user', tag: TAG, summary: 'Mark every one read', status: 200, response: MarkAllReadResult }),
  unsubscribe: endpoint({
    method: 'POST', path: '/api/notifications/unsubscribe/', auth: 'public', tag: TAG, summary: "Stop alert e-mails (the e-mail's link, no sign-in)",
    description: "The token comes from the link in an alert e-mail (/unsubscribe?token=…); it turns off the e-mail channel of all the user's alerts. " +
      "A bad token answers 400 {token: ['This unsubscribe link is not valid.']}.",
    body: UnsubscribeBody, status: 200, response: UnsubscribeResult,
  }),
};
