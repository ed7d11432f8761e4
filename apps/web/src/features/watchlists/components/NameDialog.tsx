import { useState } from 'react';
import { WATCHLIST_LIMITS } from '@app/contract';
import { Button, Dialog, Input } from '../../../components/index.ts';
import { ApiError, firstMessage } from '../../../lib/api.ts';
import { WATCHLIST_TEXT as T } from '../texts.ts';

export interface NameDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  initial?: string;
  onClose: () => void;
  /** Throws the API's error; its field message is shown under the input. */
  onSubmit: (name: string) => Promise<void>;
}

/** Create or rename a list: one name field. */
export function NameDialog(props: NameDialogProps) {
  return <Dialog open={props.open} onClose={props.onClose} title={props.title}>{props.open && <NameForm {...props} />}</Dialog>;
}

function NameForm({ submitLabel, initial = '', onClose, onSubmit }: NameDialogProps) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit(name);
      onClose();
    } catch (err) {
      setError((err instanceof ApiError && (err.body?.name?.[0] ?? firstMessage(err.body))) || (err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4">
      <Input label={T.nameLabel} value={name} onChange={(e) => setName(e.target.value)} maxLength={WATCHLIST_LIMITS.nameMax} required autoFocus error={error ?? undefined} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {T.cancel}
        </Button>
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
