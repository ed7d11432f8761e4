import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@app/contract';
import { call } from '../../lib/api.ts';

// The calls of the bell and /notifications; one cache prefix, so marking read updates both.

const n = endpoints.notifications;
const KEY = ['notifications'] as const;
/** The bell asks again this often while the tab is open (and whenever the window regains focus). */
export const BELL_POLL_MS = 60_000;

export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'unread'],
    queryFn: () => call(n.unreadCount),
    enabled,
    refetchInterval: enabled ? BELL_POLL_MS : false,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: [...KEY, 'list'],
    initialPageParam: 1,
    queryFn: ({ pageParam }) => call(n.list, { query: { page: String(pageParam), order: 'unread' } }),
    getNextPageParam: (last) => last.next ?? undefined,
    refetchOnWindowFocus: true,
  });
}

export function useNotificationActions() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: KEY });
  return {
    markRead: (id: number) => call(n.markRead, { params: { id } }).finally(refresh),
    markAllRead: () => call(n.markAllRead).finally(refresh),
  };
}

export const unsubscribe = (token: string) => call(n.unsubscribe, { body: { token } });
