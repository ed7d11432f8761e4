import { NavLink } from 'react-router';
import { BellIcon, cx } from '../../components/index.ts';
import { useAuth } from '../../lib/auth.tsx';
import { useUnreadCount } from './api.ts';
import { NOTIFICATION_TEXT as T } from './texts.ts';

/** The nav's bell: the unread count, asked every minute and on focus, only while signed in. */
export function NotificationBell() {
  const { isAuthenticated } = useAuth();
  const count = useUnreadCount(isAuthenticated);
  if (!isAuthenticated) return null;
  const unread = count.data?.unread ?? 0;
  return (
    <NavLink
      to="/notifications"
      aria-label={T.bell(unread)}
      title={T.bell(unread)}
      className={({ isActive }) =>
        cx(
          'relative inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
          isActive && 'bg-blue-50 text-blue-700 dark:bg-blue-500/15 dark:text-blue-300',
        )
      }
    >
      <BellIcon />
      {unread > 0 && (
        <span data-testid="bell-count" className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] leading-4 font-bold text-white">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </NavLink>
  );
}
