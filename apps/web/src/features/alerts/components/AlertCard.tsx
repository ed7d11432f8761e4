import type { Alert } from '@app/contract';
import { Badge, Button, cx } from '../../../components/index.ts';
import { ALERT_TEXT as T } from '../texts.ts';

export interface AlertCardProps {
  alert: Alert;
  busy: boolean;
  onToggle: (enabled: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
  onTestWebhook: () => void;
  onCheck: () => void;
  onSendTest: () => void;
}

/** The on/off switch (role switch: Space or Enter flips it). */
function Switch({ checked, label, disabled, onChange }: { checked: boolean; label: string; disabled: boolean; onChange: (v: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={cx(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 disabled:opacity-50',
        checked ? 'bg-blue-600' : 'bg-slate-300 dark:bg-slate-700',
      )}
    >
      <span className={cx('inline-block size-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-5' : 'translate-x-0.5')} />
    </button>
  );
}

const when = (iso: string) => new Date(iso).toLocaleString();

/** One alert of the list: what it watches, its switch, channels, last firing and webhook health. */
export function AlertCard({ alert: a, busy, onToggle, onEdit, onDelete, onTestWebhook, onCheck, onSendTest }: AlertCardProps) {
  const failures = a.webhook_status.consecutive_failures;
  return (
    <li data-alert={a.id} className="rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start gap-3">
        <Switch checked={a.enabled} label={T.on(a.name)} disabled={busy} onChange={onToggle} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className={cx('font-semibold', a.enabled ? 'text-slate-900 dark:text-white' : 'text-slate-500')}>{a.name}</h2>
            <Badge tone="neutral">{T.kinds[a.kind]}</Badge>
          </div>
          <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{a.description}</p>
          <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
            <span>
              {a.last_fired_at ? (
                <>
                  {T.lastFired}: <time dateTime={a.last_fired_at}>{when(a.last_fired_at)}</time>
                </>
              ) : (
                T.neverFired
              )}
            </span>
            <span>
              {T.inApp.split(' ')[0]}
              {a.email && ` · ${T.email}`}
              {a.webhook_url && ' · Webhook'}
            </span>
            {a.cooldown_minutes > 0 && <span>cooldown {a.cooldown_minutes} min</span>}
          </p>
          {a.webhook_url && (
            <details className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              <summary className="cursor-pointer rounded focus-visible:outline-2 focus-visible:outline-blue-500">{T.secret}</summary>
              <p className="mt-1">{T.secretHelp}</p>
              <code className="mt-1 block break-all rounded bg-slate-100 px-2 py-1 font-mono text-slate-800 dark:bg-slate-800 dark:text-slate-100">{a.webhook_secret}</code>
            </details>
          )}
          {a.webhook_url && failures > 0 && (
            <p className="mt-1 text-xs text-red-600 dark:text-red-400" data-testid="webhook-failures">
              {T.webhookFailing(failures, a.webhook_status.last_error)}
            </p>
          )}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCheck} disabled={busy} aria-label={`${T.checkNow}: ${a.name}`}>
          {T.checkNow}
        </Button>
        <Button variant="ghost" size="sm" onClick={onSendTest} disabled={busy} aria-label={T.sendTestLabel(a.name)}>
          {T.sendTest}
        </Button>
        {a.webhook_url && (
          <Button variant="ghost" size="sm" onClick={onTestWebhook} disabled={busy}>
            {T.testWebhook}
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={onEdit} disabled={busy} aria-label={`${T.edit} ${a.name}`}>
          {T.edit}
        </Button>
        <Button variant="ghost" size="sm" className="text-red-700 dark:text-red-300" onClick={onDelete} disabled={busy} aria-label={`${T.delete} ${a.name}`}>
          {T.delete}
        </Button>
      </div>
    </li>
  );
}
