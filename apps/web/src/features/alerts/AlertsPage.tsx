import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ALERT_KINDS, ALERT_LIMITS, type Alert as AlertModel, type AlertKind, type AlertTestResult } from '@app/contract';
import { Alert, EmptyState, RetryAlert, Button, Dialog, Loading, Page, buttonClass } from '../../components/index.ts';
import { ApiError, firstMessage } from '../../lib/api.ts';
import { useAlertActions, useAlerts } from './api.ts';
import { AlertCard } from './components/AlertCard.tsx';
import { AlertFormDialog } from './components/AlertFormDialog.tsx';
import { AlertTestDialog } from './components/AlertTestDialog.tsx';
import type { AlertForm } from './form.ts';
import { ALERT_TEXT as T } from './texts.ts';

const messageOf = (e: unknown) => (e instanceof ApiError && firstMessage(e.body)) || (e as Error).message;

/** What a "Create alert" link asks for: /alerts?new=scan&scan=7, ?new=template&watchlist=5,
 *  ?new=price&symbol=AAPL. */
function prefillOf(params: URLSearchParams): Partial<AlertForm> | null {
  const kind = params.get('new') as AlertKind | null;
  if (!kind || !ALERT_KINDS.includes(kind)) return null;
  const symbol = params.get('symbol') ?? '';
  return {
    kind,
    scanId: params.get('scan') ?? '',
    watchlistId: params.get('watchlist') ?? '',
    symbol,
    target: kind === 'template' && symbol && !params.get('watchlist') ? 'symbol' : 'watchlist',
  };
}

/** /alerts: the user's alerts with their switches, and the create/edit form. */
export default function AlertsPage() {
  const alerts = useAlerts();
  const actions = useAlertActions();
  const [params, setParams] = useSearchParams();
  const [linked] = useState(() => prefillOf(params));
  const [form, setForm] = useState<{ alert: AlertModel | null; prefill?: Partial<AlertForm> } | null>(() => (linked ? { alert: null, prefill: linked } : null));
  const [deleting, setDeleting] = useState<AlertModel | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [tested, setTested] = useState<{ name: string; result: AlertTestResult } | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error' | 'warning' | 'info'; text: string; lines?: string[] } | null>(null);
  const list = alerts.data ?? [];

  const closeForm = () => {
    setForm(null);
    if (params.has('new')) setParams({}, { replace: true });
  };
  const work = async (id: number, fn: () => Promise<string | null>) => {
    setBusy(id);
    setNotice(null);
    try {
      const text = await fn();
      if (text) setNotice({ tone: 'success', text });
    } catch (e) {
      setNotice({ tone: 'error', text: messageOf(e) });
    } finally {
      setBusy(null);
    }
  };
  const test = (a: AlertModel) =>
    work(a.id, async () => {
      const r = await actions.testWebhook(a.id);
      if (!r.ok) setNotice({ tone: 'warning', text: T.testFailed(r.error, r.status) });
      return r.ok ? T.testOk(r.status) : null;
    });

  // A test notification through every channel: what happened to each shows in a dialog.
  const sendTest = (a: AlertModel) =>
    work(a.id, async () => {
      setTested({ name: a.name, result: await actions.sendTest(a.id) });
      return null;
    });

  // What the alert would do with today's data: its events, or why it stays quiet.
  const check = (a: AlertModel) =>
    work(a.id, async () => {
      const r = await actions.check(a.id);
      setNotice({ tone: r.would_fire ? 'success' : 'info', text: `${a.name}: ${r.detail}${r.as_of ? ` ${T.asOf(r.as_of)}` : ''}`, lines: r.events.map((e) => e.message) });
      return null;
    });

  return (
    <Page
      title={T.title}
      intro={T.intro}
      width="5xl"
      tabTitle
      actions={
        <>
          <Link to="/notifications" className={buttonClass('secondary')}>
            {T.notifications}
          </Link>
          <Button onClick={() => setForm({ alert: null })} disabled={list.length >= ALERT_LIMITS.maxAlerts}>
            {T.newAlert}
          </Button>
        </>
      }
    >
      {notice && (
        <Alert tone={notice.tone} className="mt-6">
          <span data-testid="alert-notice">{notice.text}</span>
          {notice.lines && notice.lines.length > 0 && (
            <ul className="mt-1 list-disc pl-5" data-testid="alert-check-events">
              {notice.lines.map((l, i) => (
                <li key={i}>{l}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      {alerts.isPending ? (
        <Loading text={T.loading} />
      ) : alerts.isError ? (
        <RetryAlert className="mt-6" retryText={T.retry} onRetry={alerts.refetch}>
          {T.failed} {messageOf(alerts.error)}
        </RetryAlert>
      ) : list.length === 0 ? (
        <EmptyState title={T.empty} hint={T.emptyHint}>
              <Button onClick={() => setForm({ alert: null })}>{T.createFirst}</Button>
              <Link to="/scanner" className={buttonClass('secondary')}>
                {T.openScanner}
              </Link>
              <Link to="/watchlists" className={buttonClass('secondary')}>
                {T.openWatchlists}
              </Link>
            </EmptyState>
      ) : (
        <ul className="mt-6 space-y-3" aria-label={T.title}>
          {list.map((a) => (
            <AlertCard
              key={a.id}
              alert={a}
              busy={busy === a.id}
              onToggle={(enabled) => void work(a.id, async () => (await actions.patch(a.id, { enabled }), null))}
              onEdit={() => setForm({ alert: a })}
              onDelete={() => setDeleting(a)}
              onTestWebhook={() => void test(a)}
              onCheck={() => void check(a)}
              onSendTest={() => void sendTest(a)}
            />
          ))}
        </ul>
      )}

      <AlertFormDialog
        open={form !== null}
        alert={form?.alert ?? null}
        prefill={form?.prefill}
        onClose={closeForm}
        onSave={async (body, id) => {
          const saved = id === null ? await actions.create(body) : await actions.update(id, body);
          setNotice({ tone: 'success', text: id === null ? T.created(saved.name) : T.saved(saved.name) });
        }}
      />
      <AlertTestDialog test={tested} onClose={() => setTested(null)} />
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={T.deleteTitle(deleting?.name ?? '')}
        description={T.deleteBody}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              {T.cancel}
            </Button>
            <Button
              variant="danger"
              loading={busy === deleting?.id}
              onClick={() =>
                deleting &&
                void work(deleting.id, async () => {
                  await actions.remove(deleting.id);
                  setDeleting(null);
                  return T.deleted;
                })
              }
            >
              {T.delete}
            </Button>
          </>
        }
      />
    </Page>
  );
}
