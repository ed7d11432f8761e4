import { useState } from 'react';
import { Link } from 'react-router';
import { ALERT_TEST_LINK, type Notification } from '@app/contract';
import { Alert, EmptyState, RetryAlert, Badge, Button, Loading, Page, buttonClass, cx } from '../../components/index.ts';
import { ApiError, firstMessage } from '../../lib/api.ts';
import { useNotificationActions, useNotifications } from './api.ts';
import { isAppPath, valuesLine } from './format.ts';
import { NOTIFICATION_TEXT as T } from './texts.ts';

const messageOf = (e: unknown) => (e instanceof ApiError && firstMessage(e.body)) || (e as Error).message;

/** /notifications: what fired, unread first; mark one or all read. */
export default function NotificationsPage() {
  const list = useNotifications();
  const actions = useNotificationActions();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const items = list.data?.pages.flatMap((p) => p.results) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;

  const work = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page
      title={T.title}
      intro={T.intro}
      width="5xl"
      tabTitle
      actions={
        <>
          <Link to="/alerts" className={buttonClass('secondary')}>
            {T.manageAlerts}
          </Link>
          <Link to="/watchlists" className={buttonClass('secondary')}>
            {T.watchlists}
          </Link>
          {unread > 0 && (
            <Button onClick={() => void work(actions.markAllRead)} loading={busy}>
              {T.markAllRead}
            </Button>
          )}
        </>
      }
    >
      {error && (
        <Alert tone="error" className="mt-6">
          {error}
        </Alert>
      )}
      {list.isPending ? (
        <Loading text={T.loading} />
      ) : list.isError ? (
        <RetryAlert className="mt-6" retryText={T.retry} onRetry={list.refetch}>
          {T.failed} {messageOf(list.error)}
        </RetryAlert>
      ) : items.length === 0 ? (
        <EmptyState title={T.empty} hint={T.emptyHint}>
          <Link to="/alerts?new=scan" className={buttonClass('primary')}>
            {T.createAlert}
          </Link>
        </EmptyState>
      ) : (
        <>
          <ul className="mt-6 space-y-2" aria-label={T.title}>
            {items.map((n) => (
              <NotificationItem key={n.id} n={n} busy={busy} onRead={() => void work(() => actions.markRead(n.id))} />
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="mt-4 flex justify-center">
              <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {T.loadMore}
              </Button>
            </div>
          )}
        </>
      )}
    </Page>
  );
}

function NotificationItem({ n, busy, onRead }: { n: Notification; busy: boolean; onRead: () => void }) {
  const isUnread = n.read_at === null;
  const values = valuesLine(n.values);
  const linkText = n.link === ALERT_TEST_LINK ? T.openAlerts : n.kind === 'scan' && !n.symbol ? T.openScan : n.symbol ? T.openChart(n.symbol) : T.openScan;
  return (
    <li
      data-notification={n.id}
      data-unread={isUnread || undefined}
      className={cx(
        'rounded-lg border px-4 py-3',
        isUnread ? 'border-blue-200 bg-blue-50/60 dark:border-blue-900/60 dark:bg-blue-950/30' : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            {isUnread && <Badge tone="blue">{T.unreadBadge}</Badge>}
            {n.symbol && <span className="font-semibold text-slate-900 dark:text-white">{n.symbol}</span>}
            <span className="text-slate-600 dark:text-slate-400">{n.alert_name}</span>
          </p>
          <p className="mt-1 text-sm text-slate-800 dark:text-slate-200">{n.message}</p>
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {n.close !== null && (
              <span>
                {T.close} {n.close.toFixed(2)}
                {' · '}
              </span>
            )}
            {values && <span>{values} · </span>}
            {n.bar_date && <span>{T.barOf(n.bar_date)} · </span>}
            <time dateTime={n.created_at}>{new Date(n.created_at).toLocaleString()}</time>
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          {isAppPath(n.link) && (
            <Link to={n.link} onClick={isUnread ? onRead : undefined} className={buttonClass('secondary', 'sm')}>
              {linkText}
            </Link>
          )}
          {isUnread && (
            <Button variant="ghost" size="sm" onClick={onRead} disabled={busy}>
              {T.markRead}
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
