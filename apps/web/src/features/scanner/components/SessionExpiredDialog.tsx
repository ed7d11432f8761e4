import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass, Dialog } from '../../../components/index.ts';
import { SESSION_EXPIRED_EVENT, SESSION_RESTORED_EVENT } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { SCANNER_MESSAGES, SCANNER_TEXT } from '../texts.ts';

/** The scanner's blocking dialog (spec §2): shown on an authentication failure notification; "Login now"
 *  signs out and goes to /login; "Dismiss" closes it. A renewed session closes it too. */
export function SessionExpiredDialog() {
  const [open, setOpen] = useState(false);
  const { logout } = useAuth();
  useEffect(() => {
    const show = () => setOpen(true);
    const hide = () => setOpen(false);
    window.addEventListener(SESSION_EXPIRED_EVENT, show);
    window.addEventListener(SESSION_RESTORED_EVENT, hide);
    return () => {
      window.removeEventListener(SESSION_EXPIRED_EVENT, show);
      window.removeEventListener(SESSION_RESTORED_EVENT, hide);
    };
  }, []);

  return (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      dismissible={false}
      size="sm"
      title={SCANNER_TEXT.sessionExpiredTitle}
      description={SCANNER_MESSAGES.sessionExpired}
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {SCANNER_TEXT.dismiss}
          </Button>
          <Link
            to="/login"
            className={buttonClass('primary')}
            onClick={() => {
              setOpen(false);
              void logout();
            }}
          >
            {SCANNER_TEXT.loginNow}
          </Link>
        </>
      }
    />
  );
}
