import { ApiError, NetworkError } from '../../lib/api.ts';
import { STUDIES_ERRORS } from './texts.ts';

/** Spec §8, backtest: a failure whose text mentions NaN means no trades were made; else the generic
 *  failure. `detail` adds the server's reason (e.g. no price data in the period) when it gave one. */
export function backtestError(e: unknown): { message: string; detail?: string } {
  const text = e instanceof ApiError ? `${e.message} ${typeof e.body === 'string' ? e.body : JSON.stringify(e.body ?? '')}` : String((e as Error)?.message ?? e);
  if (e instanceof ApiError && e.status === 404) return { message: STUDIES_ERRORS.notFound };
  if (text.includes('NaN')) return { message: STUDIES_ERRORS.noTrades };
  if (e instanceof ApiError && e.status === 400 && e.detail) return { message: STUDIES_ERRORS.failed, detail: e.detail };
  if (e instanceof NetworkError) return { message: STUDIES_ERRORS.failed, detail: 'No response from the server.' };
  return { message: STUDIES_ERRORS.failed };
}
