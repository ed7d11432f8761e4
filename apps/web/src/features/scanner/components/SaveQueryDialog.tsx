import { useEffect, useState, type FormEvent } from 'react';
import { incompleteFilterCount, SCANNER_LIMITS, type FilterRow } from '@app/contract';
import { Alert, Button, Dialog, Input } from '../../../components/index.ts';
import { useSavedQueryActions } from '../api/scanner.ts';
import { saveErrorMessage } from '../errors.ts';
import { SCANNER_MESSAGES, SCANNER_TEXT } from '../texts.ts';

export interface SaveQueryDialogProps {
  open: boolean;
  onClose: () => void;
  rows: FilterRow[];
  onSaved: (name: string) => void;
}

/** The save dialog of the query menu (spec §5, §8): complete filters and a name first, then the server's word. */
export function SaveQueryDialog({ open, onClose, rows, onSaved }: SaveQueryDialogProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { save } = useSavedQueryActions();

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a reopened dialog starts without the last attempt's error
    if (open) setError(null);
  }, [open]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const incomplete = incompleteFilterCount(rows);
    if (incomplete > 0) return setError(SCANNER_MESSAGES.incompleteFilters(incomplete));
    if (!name.trim()) return setError(SCANNER_MESSAGES.nameEmpty);
    setSaving(true);
    setError(null);
    try {
      await save(name.trim(), rows);
      onSaved(name.trim());
      setName('');
      onClose();
    } catch (err) {
      const message = saveErrorMessage(err);
      if (message) setError(message);
      else onClose(); // the session-expired dialog takes over
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title={SCANNER_TEXT.saveDialogTitle} size="sm">
      <form onSubmit={submit} noValidate className="space-y-4">
        <Input label={SCANNER_TEXT.templateName} value={name} onChange={(e) => setName(e.target.value)} maxLength={SCANNER_LIMITS.templateName.max} autoFocus autoComplete="off" />
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {SCANNER_TEXT.cancel}
          </Button>
          <Button type="submit" loading={saving}>
            {SCANNER_TEXT.save}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
