import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { templateToRows, type FilterRow, type ScannerTemplateSummary } from '@app/contract';
import { Button, ChevronDownIcon, cx, Spinner } from '../../../components/index.ts';
import { fetchSavedQuery, useSavedQueries, useSavedQueryActions } from '../api/scanner.ts';
import { deleteErrorMessage, isSessionFailure } from '../errors.ts';
import { SCANNER_MESSAGES, SCANNER_TEXT } from '../texts.ts';
import { SaveQueryDialog } from './SaveQueryDialog.tsx';

/** The alerts' entry point on a saved query. */
const CREATE_ALERT = 'Create alert';

export type Notice = { tone: 'success' | 'error'; text: string };

export interface QueryMenuProps {
  rows: FilterRow[];
  onLoad: (rows: FilterRow[], name: string, id: number) => void;
  onNotice: (n: Notice) => void;
}

const itemClass =
  'flex w-full items-center justify-between gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:-outline-offset-2 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800';

/** The query menu (spec §2, §4; signed-in only): open it, load or delete a saved query, or save this one. */
export function QueryMenu({ rows, onLoad, onNotice }: QueryMenuProps) {
  const [open, setOpen] = useState(false);
  const [sub, setSub] = useState<'load' | 'delete' | 'alert' | null>(null);
  const [saving, setSaving] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const list = useSavedQueries(open);
  const { remove } = useSavedQueryActions();

  const close = (refocus = true) => {
    setOpen(false);
    setSub(null);
    if (refocus) buttonRef.current?.focus();
  };

  // Closes on Escape or a click outside, like any menu.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) close(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const load = async (t: ScannerTemplateSummary) => {
    setBusy(t.id);
    try {
      const full = await fetchSavedQuery(t.id);
      onLoad(templateToRows(full), full.name, t.id);
      close();
    } catch (e) {
      if (!isSessionFailure(e)) onNotice({ tone: 'error', text: SCANNER_TEXT.loadFailed });
    } finally {
      setBusy(null);
    }
  };

  const del = async (t: ScannerTemplateSummary) => {
    setBusy(t.id);
    try {
      await remove(t.id);
      onNotice({ tone: 'success', text: SCANNER_MESSAGES.deleted });
    } catch (e) {
      const text = deleteErrorMessage(e);
      if (text) onNotice({ tone: 'error', text });
    } finally {
      setBusy(null);
    }
  };

  const submenu = (kind: 'load' | 'delete' | 'alert') => {
    if (list.isPending) return <p className="px-3 py-2 text-sm text-slate-500">{SCANNER_TEXT.loadingQueries}</p>;
    if (list.isError) return <p className="px-3 py-2 text-sm text-red-600 dark:text-red-400">{SCANNER_TEXT.queriesFailed}</p>;
    if (!list.data.length) return <p className="px-3 py-2 text-sm text-slate-500">{SCANNER_TEXT.noSavedQueries}</p>;
    return (
      <ul className="max-h-64 overflow-y-auto" aria-label={kind === 'load' ? SCANNER_TEXT.loadQuery : kind === 'alert' ? CREATE_ALERT : SCANNER_TEXT.deleteQuery}>
        {list.data.map((t) => (
          <li key={t.id}>
            {kind === 'alert' ? (
              // An alert on this saved query, its form prefilled on /alerts.
              <Link to={`/alerts?new=scan&scan=${t.id}`} className={cx(itemClass, 'pl-6')} aria-label={`${CREATE_ALERT}: ${t.name}`}>
                <span className="truncate">{t.name}</span>
              </Link>
            ) : (
              <button
                type="button"
                className={cx(itemClass, 'pl-6', kind === 'delete' && 'text-red-700 dark:text-red-300')}
                disabled={busy !== null}
                aria-label={kind === 'load' ? `Load ${t.name}` : `Delete ${t.name}`}
                onClick={() => void (kind === 'load' ? load(t) : del(t))}
              >
                <span className="truncate">{t.name}</span>
                {busy === t.id && <Spinner />}
              </button>
            )}
          </li>
        ))}
      </ul>
    );
  };

  const subButton = (kind: 'load' | 'delete' | 'alert', label: string) => (
    <button type="button" className={itemClass} aria-expanded={sub === kind} onClick={() => setSub(sub === kind ? null : kind)}>
      {label}
      <ChevronDownIcon className={cx('size-4 transition-transform', sub === kind && 'rotate-180')} />
    </button>
  );

  return (
    <div className="relative" ref={ref}>
      <Button ref={buttonRef} variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={() => (open ? close() : setOpen(true))}>
        {SCANNER_TEXT.queries}
        <ChevronDownIcon className={cx('size-4 transition-transform', open && 'rotate-180')} />
      </Button>
      {open && (
        <div
          id={panelId}
          className="absolute left-0 z-30 sm:right-0 sm:left-auto mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-1 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <button
            type="button"
            className={itemClass}
            onClick={() => {
              // the menu's button holds the focus while the dialog is open, so closing it returns there
              close(true);
              setSaving(true);
            }}
          >
            {SCANNER_TEXT.saveQuery}
          </button>
          {subButton('load', SCANNER_TEXT.loadQuery)}
          {sub === 'load' && submenu('load')}
          {subButton('delete', SCANNER_TEXT.deleteQuery)}
          {sub === 'delete' && submenu('delete')}
          {subButton('alert', CREATE_ALERT)}
          {sub === 'alert' && submenu('alert')}
        </div>
      )}
      <SaveQueryDialog open={saving} onClose={() => setSaving(false)} rows={rows} onSaved={(name) => onNotice({ tone: 'success', text: SCANNER_TEXT.saved(name) })} />
    </div>
  );
}
