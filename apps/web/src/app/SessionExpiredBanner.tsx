import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { CloseIcon, WarningIcon } from '../components/index.ts';
import { useSessionExpired } from '../lib/useSessionExpired.ts';
import { SESSION_EXPIRED_BANNER } from './messages.ts';

/**
 * The dismissible banner of spec §2. lib/api.ts raises 'session-expired' on any auth failure and
 * login() raises 'session-restored'; going to a /login page also hides it (the user is acting on it).
 */
export function SessionExpiredBanner() {
  const [visible, dismiss] = useSessionExpired();
  const location = useLocation();
  const { pathname } = location;

  useEffect(() => {
    if (pathname.startsWith('/login')) dismiss();
  }, [pathname, dismiss]);

  if (!visible) return null;
  return (
    <div role="alert" data-testid="session-expired-banner" className="border-b border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2 text-sm sm:px-6">
        <WarningIcon className="size-4 shrink-0" />
        <p className="flex-1">
          {SESSION_EXPIRED_BANNER}{' '}
          {/* state.from: the login screen can bring the user back here, like the guard does. */}
          <Link to="/login" state={{ from: location }} className="font-semibold underline underline-offset-2 hover:no-underline">
            Log in
          </Link>
        </p>
        <button type="button" onClick={dismiss} aria-label="Dismiss" className="rounded p-1 hover:bg-amber-100 dark:hover:bg-amber-900">
          <CloseIcon className="size-4" />
        </button>
      </div>
    </div>
  );
}
