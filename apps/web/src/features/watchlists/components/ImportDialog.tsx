import { useState } from 'react';
import { WATCHLIST_LIMITS, type WatchlistImportResult } from '@app/contract';
import { Alert, Button, Dialog, ErrorText } from '../../../components/index.ts';
import { ApiError, firstMessage } from '../../../lib/api.ts';
import { useExampleTickers } from '../../../lib/marketStatus.ts';
import { WATCHLIST_TEXT as T } from '../texts.ts';

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  onImport: (csv: string) => Promise<WatchlistImportResult>;
}

/** CSV import: a file or pasted text; the answer lists what was added and every unknown cell. */
export function ImportDialog(props: ImportDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} title={T.importTitle} description={T.importBody}>
      {props.open && <ImportForm {...props} />}
    </Dialog>
  );
}

function ImportForm({ onClose, onImport }: ImportDialogProps) {
  const examples = useExampleTickers();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<WatchlistImportResult | null>(null);

  const readFile = async (f: File | undefined) => {
    if (!f) return;
    if (f.size > WATCHLIST_LIMITS.csvMax) {
      setError(`Ensure this field has no more than ${WATCHLIST_LIMITS.csvMax} characters.`);
      return;
    }
    setText(await f.text());
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setResult(await onImport(text));
    } catch (err) {
      setError((err instanceof ApiError && firstMessage(err.body)) || (err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (result)
    return (
      <div className="space-y-3">
        <Alert tone="success">{T.imported(result.added.length, result.already_present.length)}</Alert>
        {result.unknown.length > 0 && (
          <Alert tone="warning">
            <span data-testid="import-unknown">{T.unknown(result.unknown)}</span>
          </Alert>
        )}
        <div className="flex justify-end">
          <Button onClick={onClose} autoFocus>
            OK
          </Button>
        </div>
      </div>
    );
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4">
      <label className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {T.importFile}
        <input type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void readFile(e.target.files?.[0])} className="mt-1 block w-full text-sm" />
      </label>
      <label className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {T.importText}
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={6}
          maxLength={WATCHLIST_LIMITS.csvMax}
          placeholder={['symbol', ...examples.slice(0, 2)].join('\n')}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm dark:border-slate-700 dark:bg-slate-950"
        />
      </label>
      <ErrorText>{error}</ErrorText>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {T.cancel}
        </Button>
        <Button type="submit" loading={busy} disabled={!text.trim()}>
          {T.importRun}
        </Button>
      </div>
    </form>
  );
}
