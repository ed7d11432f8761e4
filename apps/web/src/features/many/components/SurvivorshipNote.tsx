import { Alert } from '../../../components/index.ts';
import { MANY_TEXT } from '../texts.ts';

/** The API's survivorship-bias note, and the symbols left out for missing data (listed on demand). */
export function SurvivorshipNote({ text, skipped }: { text: string; skipped: string[] }) {
  return (
    <Alert tone="warning">
      <p data-testid="survivorship">{text}</p>
      {skipped.length > 0 && (
        <details className="mt-1">
          <summary className="cursor-pointer" data-testid="skipped">{MANY_TEXT.skipped(skipped.length)}</summary>
          <p className="mt-1 font-mono text-xs break-words">{skipped.join(', ')}</p>
        </details>
      )}
    </Alert>
  );
}
