import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { UnsubscribeResult } from '@app/contract';
import { Alert, Loading, Page, textLinkClass } from '../../components/index.ts';
import { ApiError, firstMessage } from '../../lib/api.ts';
import { unsubscribe } from './api.ts';
import { NOTIFICATION_TEXT as T } from './texts.ts';

/** /unsubscribe?token=… (the link in an alert e-mail): turns alert e-mails off, no sign-in needed. */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ done?: UnsubscribeResult; error?: string }>({});

  useEffect(() => {
    if (!token) return;
    let live = true;
    unsubscribe(token).then(
      (done) => live && setState({ done }),
      (e) => live && setState({ error: (e instanceof ApiError && firstMessage(e.body)) || (e as Error).message }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <Page title={T.unsubscribeTitle} width="2xl" tabTitle>
      <div className="mt-6">
        {!token ? (
          <Alert tone="error">{T.noToken}</Alert>
        ) : state.done ? (
          <Alert tone="success">{T.unsubscribed(state.done.email, state.done.alerts_updated)}</Alert>
        ) : state.error ? (
          <Alert tone="error">{state.error}</Alert>
        ) : (
          <Loading text={T.unsubscribing} />
        )}
        <p className="mt-4 text-sm">
          <Link to="/alerts" className={textLinkClass}>
            {T.manageAlerts}
          </Link>
        </p>
      </div>
    </Page>
  );
}
