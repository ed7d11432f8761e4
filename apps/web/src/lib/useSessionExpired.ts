import { useCallback, useEffect, useState } from 'react';
import { SESSION_EXPIRED_EVENT, SESSION_RESTORED_EVENT } from './api.ts';

/** Whether a session-expired notice shows (spec §2, §7): from the session-expired event lib/api.ts
 *  raises on any authentication failure until it is dismissed or the session is restored (login()
 *  raises session-restored). Answers [shown, dismiss]. */
export function useSessionExpired(): [boolean, () => void] {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const show = () => setShown(true);
    const hide = () => setShown(false);
    window.addEventListener(SESSION_EXPIRED_EVENT, show);
    window.addEventListener(SESSION_RESTORED_EVENT, hide);
    return () => {
      window.removeEventListener(SESSION_EXPIRED_EVENT, show);
      window.removeEventListener(SESSION_RESTORED_EVENT, hide);
    };
  }, []);
  const dismiss = useCallback(() => setShown(false), []);
  return [shown, dismiss];
}
