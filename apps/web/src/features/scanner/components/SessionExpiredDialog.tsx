import { Link } from 'react-router';
import { Button, buttonClass, Dialog } from '../../../components/index.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useSessionExpired } from '../../../lib/useSessionExpired.ts';
import { SCANNER_MESSAGES, SCANNER_TEXT } from '../texts.ts';

/** The scanner's blocking dialog (spec §2): shown on an authentication failure notification; "Login now"
 *  signs out and goes to /login; "Dismiss" closes it. A renewed session closes it too. */
export function SessionExpiredDialog() {
  const [open, close] = useSessionExpired();
  const { logout } = useAuth();

  return (
    <Dialog
      open={open}
      onClose={close}
      dismissible={false}
      size="sm"
      title={SCANNER_TEXT.sessionExpiredTitle}
      description={SCANNER_MESSAGES.sessionExpired}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {SCANNER_TEXT.dismiss}
          </Button>
          <Link
            to="/login"
            className={buttonClass('primary')}
            onClick={() => {
              close();
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
