import { endpoints, type BacktestChart } from '@app/contract';
import { ApiError, call } from '../lib/api.ts';

/** Why the chart could not be drawn, in words for the page. */
export class ChartLoadError extends Error {
  constructor(
    message: string,
    public login = false,
  ) {
    super(message);
  }
}

export const CHART_MESSAGES = {
  missingIds: 'This page needs a period_id and a template_id in its address. Open it from the Backtest page.',
  login: 'Please log in to view this backtest chart.',
  notFound: 'Backtest not found: the period or the template does not exist or is not yours.',
  network: 'Could not reach the server. Please check your connection.',
  failed: 'Failed to load the backtest chart. Please try again.',
  loading: 'Loading backtest chart...',
} as const;

/** The ids from the query string (?period_id=..&template_id=..), or null when either is missing. */
export function idsFrom(search: string): { periodId: string; templateId: string } | null {
  const q = new URLSearchParams(search);
  const periodId = q.get('period_id')?.trim();
  const templateId = q.get('template_id')?.trim();
  if (!periodId || !templateId || !/^\d+$/.test(periodId) || !/^\d+$/.test(templateId)) return null;
  return { periodId, templateId };
}

/** GET /api/backtest_chart/ (same origin: the session cookie goes along). */
export async function loadChart(periodId: string, templateId: string): Promise<BacktestChart> {
  let body: BacktestChart;
  try {
    body = await call(endpoints.backtestChart, { query: { period_id: periodId, template_id: templateId } });
  } catch (e) {
    if (!(e instanceof ApiError)) throw new ChartLoadError(CHART_MESSAGES.network);
    if (e.status === 401) throw new ChartLoadError(CHART_MESSAGES.login, true);
    if (e.status === 404) throw new ChartLoadError(CHART_MESSAGES.notFound);
    throw new ChartLoadError(e.detail ?? CHART_MESSAGES.failed);
  }
  if (!body || !Array.isArray(body.candles)) throw new ChartLoadError(CHART_MESSAGES.failed);
  return body;
}
