import { useState, type ReactNode } from 'react';
import { ALERT_KINDS, ALERT_LIMITS, type Alert } from '@app/contract';
import { Button, Dialog, ErrorText, Input, Select, SymbolSearch, cx } from '../../../components/index.ts';
import { ApiError, firstMessage } from '../../../lib/api.ts';
import { usePickLists } from '../api.ts';
import { emptyForm, fieldErrors, formOf, suggestName, toWrite, type AlertForm } from '../form.ts';
import { ALERT_TEXT as T } from '../texts.ts';

export interface AlertFormDialogProps {
  open: boolean;
  /** the alert being edited; null creates one */
  alert: Alert | null;
  /** what a "Create alert" link asked for (a saved scan, a watchlist, a symbol) */
  prefill?: Partial<AlertForm>;
  onClose: () => void;
  onSave: (body: ReturnType<typeof toWrite>, id: number | null) => Promise<unknown>;
}

/** Create or edit an alert of any kind, in a dialog. */
export function AlertFormDialog(props: AlertFormDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} title={props.alert ? T.editTitle : T.createTitle} size="lg">
      {props.open && <FormBody {...props} />}
    </Dialog>
  );
}

const radioRow = 'flex flex-wrap gap-2';
function Choice({ name, value, checked, onChange, children }: { name: string; value: string; checked: boolean; onChange: () => void; children: ReactNode }) {
  return (
    <label
      className={cx(
        'inline-flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-500',
        checked ? 'border-blue-500 bg-blue-50 text-blue-800 dark:bg-blue-500/15 dark:text-blue-200' : 'border-slate-300 dark:border-slate-700',
      )}
    >
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} className="accent-blue-600" />
      {children}
    </label>
  );
}

function FormBody({ alert, prefill, onClose, onSave }: AlertFormDialogProps) {
  const [form, setForm] = useState<AlertForm>(() => (alert ? formOf(alert) : emptyForm(prefill)));
  const [errors, setErrors] = useState<ReturnType<typeof fieldErrors>>({});
  const [busy, setBusy] = useState(false);
  const lists = usePickLists(true);
  const set = <K extends keyof AlertForm>(k: K, v: AlertForm[K]) => setForm((f) => ({ ...f, [k]: v }));

  const names = {
    scans: new Map((lists.scans.data ?? []).map((s) => [String(s.id), s.name])),
    templates: new Map((lists.templates.data ?? []).map((s) => [String(s.id), s.name])),
    watchlists: new Map((lists.watchlists.data ?? []).map((s) => [String(s.id), s.name])),
  };
  // What a blank Name becomes (shown as its placeholder): named after what the alert watches.
  const suggested = suggestName(form, names) || T.defaultName(form.kind);
  const symbolBox = (
    <SymbolSearch
      label={T.symbol}
      value={form.symbol}
      onValueChange={(v) => set('symbol', v.toUpperCase())}
      enterPicksFirst
      // Enter here picks a listing; it never sends a half-filled form
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.preventDefault();
      }}
      autoCapitalize="characters"
      maxLength={20}
      error={errors.symbol}
      className="font-mono uppercase"
    />
  );

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await onSave(toWrite(form, suggested), alert?.id ?? null);
      onClose();
    } catch (err) {
      const fe = err instanceof ApiError ? fieldErrors(err.body) : {};
      setErrors(Object.keys(fe).length ? fe : { detail: (err instanceof ApiError && firstMessage(err.body)) || (err as Error).message });
    } finally {
      setBusy(false);
    }
  };
  const known = new Set(['name', 'scanner_template_id', 'template_id', 'side', 'watchlist_id', 'symbol', 'direction', 'level', 'webhook_url', 'cooldown_minutes', 'email', 'enabled']);
  const other = Object.entries(errors).find(([k]) => !known.has(k))?.[1];
  const pickOptions = (q: { data?: { id: number; name: string }[] }) => (q.data ?? []).map((x) => ({ value: String(x.id), label: x.name }));

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" aria-label={alert ? T.editTitle : T.createTitle}>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">{T.kind}</legend>
        <div className={radioRow}>
          {ALERT_KINDS.map((k) => (
            <Choice key={k} name="alert-kind" value={k} checked={form.kind === k} onChange={() => set('kind', k)}>
              {T.kinds[k]}
            </Choice>
          ))}
        </div>
        <p className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">{T.kindHelp[form.kind]}</p>
      </fieldset>

      {form.kind === 'scan' && (
        <Select
          label={T.scan}
          value={form.scanId}
          onChange={(e) => set('scanId', e.target.value)}
          placeholder={lists.scans.isPending ? T.loadingLists : T.scanPlaceholder}
          options={pickOptions(lists.scans)}
          hint={lists.scans.data?.length === 0 ? T.noScans : undefined}
          error={errors.scanner_template_id}
        />
      )}

      {form.kind === 'template' && (
        <>
          <Select
            label={T.template}
            value={form.templateId}
            onChange={(e) => set('templateId', e.target.value)}
            placeholder={lists.templates.isPending ? T.loadingLists : T.templatePlaceholder}
            options={pickOptions(lists.templates)}
            hint={lists.templates.data?.length === 0 ? T.noTemplates : undefined}
            error={errors.template_id}
          />
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">{T.side}</legend>
            <div className={radioRow}>
              {(['BUY', 'SELL'] as const).map((s) => (
                <Choice key={s} name="alert-side" value={s} checked={form.side === s} onChange={() => set('side', s)}>
                  {s}
                </Choice>
              ))}
            </div>
            <ErrorText>{errors.side}</ErrorText>
          </fieldset>
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">{T.on_}</legend>
            <div className={radioRow}>
              <Choice name="alert-target" value="watchlist" checked={form.target === 'watchlist'} onChange={() => set('target', 'watchlist')}>
                {T.watchlist}
              </Choice>
              <Choice name="alert-target" value="symbol" checked={form.target === 'symbol'} onChange={() => set('target', 'symbol')}>
                {T.symbol}
              </Choice>
            </div>
          </fieldset>
          {form.target === 'watchlist' ? (
            <Select
              label={T.watchlist}
              value={form.watchlistId}
              onChange={(e) => set('watchlistId', e.target.value)}
              placeholder={lists.watchlists.isPending ? T.loadingLists : T.watchlistPlaceholder}
              options={pickOptions(lists.watchlists)}
              error={errors.watchlist_id ?? errors.symbol}
            />
          ) : (
            symbolBox
          )}
        </>
      )}

      {form.kind === 'price' && (
        <div className="grid gap-3 sm:grid-cols-3">
          {symbolBox}
          <Select
            label={T.direction}
            value={form.direction}
            onChange={(e) => set('direction', e.target.value as AlertForm['direction'])}
            options={[
              { value: 'above', label: T.above },
              { value: 'below', label: T.below },
            ]}
            error={errors.direction}
          />
          <Input label={T.level} inputMode="decimal" autoComplete="off" value={form.level} onChange={(e) => set('level', e.target.value)} error={errors.level} />
        </div>
      )}

      <Input label={T.name} value={form.name} onChange={(e) => set('name', e.target.value)} placeholder={suggested} maxLength={ALERT_LIMITS.nameMax} error={errors.name} />

      <fieldset className="space-y-2">
        <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">{T.channels}</legend>
        <label className="flex items-center gap-2 text-sm text-slate-500">
          <input type="checkbox" checked disabled className="accent-blue-600" /> {T.inApp}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={form.email} onChange={(e) => set('email', e.target.checked)} className="accent-blue-600" /> {T.email}
        </label>
        <Input
          label={T.webhook}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={form.webhookUrl}
          onChange={(e) => set('webhookUrl', e.target.value)}
          maxLength={ALERT_LIMITS.webhookUrlMax}
          hint={T.webhookHint}
          error={errors.webhook_url}
        />
      </fieldset>

      <div className="grid gap-3 sm:grid-cols-2">
        <Input
          label={T.cooldown}
          inputMode="numeric"
          min={0}
          max={ALERT_LIMITS.maxCooldownMinutes}
          step={1}
          value={form.cooldown}
          onChange={(e) => set('cooldown', e.target.value)}
          hint={T.cooldownHint}
          error={errors.cooldown_minutes}
        />
        <label className="flex items-center gap-2 self-center text-sm">
          <input type="checkbox" checked={form.enabled} onChange={(e) => set('enabled', e.target.checked)} className="accent-blue-600" /> {T.enabled}
        </label>
      </div>

      <ErrorText>{other}</ErrorText>
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
        <Button variant="secondary" onClick={onClose}>
          {T.cancel}
        </Button>
        <Button type="submit" loading={busy}>
          {alert ? T.save : T.create}
        </Button>
      </div>
    </form>
  );
}
