import { Alert, Button } from '../../../components/index.ts';
import { ApiError } from '../../../lib/api.ts';
import { MANY_TEXT } from '../texts.ts';

/** A run that could not be read: gone or someone else's (404), or a failed request with Retry. */
export function RunLoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  if (error === 'not-found' || (error instanceof ApiError && error.status === 404)) return <Alert tone="error">{MANY_TEXT.notFound}</Alert>;
  return (
    <Alert tone="error" action={onRetry && <Button size="sm" variant="secondary" onClick={onRetry}>{MANY_TEXT.retry}</Button>}>
      {MANY_TEXT.loadFailed}
    </Alert>
  );
}
