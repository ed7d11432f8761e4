// The words of the bell, /notifications and the unsubscribe page (not in the spec, so ours).
export const NOTIFICATION_TEXT = {
  bell: (unread: number) => (unread ? `Notifications, ${unread} unread` : 'Notifications'),
  title: 'Notifications',
  intro: 'What your alerts found after each market data update, unread first.',
  loading: 'Loading notifications…',
  failed: 'Could not load your notifications.',
  retry: 'Try again',
  empty: 'Nothing has fired yet.',
  emptyHint: 'Create an alert on a saved scan, a template or a price level; it is checked after every market data update.',
  createAlert: 'Create an alert',
  manageAlerts: 'Alerts',
  watchlists: 'Watchlists',
  markRead: 'Mark read',
  markAllRead: 'Mark all read',
  loadMore: 'Load more',
  unreadBadge: 'New',
  close: 'Close',
  barOf: (date: string) => `bar of ${date}`,
  openChart: (symbol: string) => `Open ${symbol} chart`,
  openScan: 'Open the scan',
  /** an alert's test notification links to the alerts page */
  openAlerts: 'Open your alerts',
  unsubscribeTitle: 'Alert e-mails',
  unsubscribing: 'Turning off alert e-mails…',
  unsubscribed: (email: string, n: number) =>
    `${email} no longer receives alert e-mails (${n} alert${n === 1 ? '' : 's'} changed). In-app notifications go on; turn e-mails back on per alert on the Alerts page.`,
  noToken: 'This unsubscribe link is incomplete. Open the link from the e-mail again.',
} as const;
