import { useQuery } from '@tanstack/react-query';
import { endpoints, isHistoryStatus, type Candle, type HistoryResponse } from '@app/contract';
import { ApiError, call } from '../../lib/api.ts';
import { CHART_TEXT } from './texts.ts';
import { normalizeCandles } from './series.ts';
import { loadCompanyInfo } from './companyInfo.ts';

// The chart screens' calls (spec §7) with their spec §8 messages: a non-OK history answer is
// 'Network response was not ok', a non-OK dhistory answer 'Network error'; {s: error|no_data} shows
// errmsg or 'No data available' over an empty chart; other failures show their own message.

/** A load that succeeded: candles, or none with the message to show in red. */
export interface HistoryResult {
  candles: Candle[];
  message: string | null;
}

async function loadHistory(load: () => Promise<HistoryResponse>, notOk: string): Promise<HistoryResult> {
  let body: HistoryResponse;
  try {
    body = await load();
  } catch (e) {
    throw e instanceof ApiError ? new Error(notOk) : e;
  }
  if (isHistoryStatus(body)) return { candles: [], message: body.errmsg || CHART_TEXT.noData };
  if (!Array.isArray(body)) throw new Error(CHART_TEXT.noData);
  const candles = normalizeCandles(body);
  return { candles, message: candles.length ? null : CHART_TEXT.noData };
}

/** GET /api/charts/history/ at a frequency (0 daily, 1 weekly, 2 monthly). */
export function useHistory(symbol: string, frequencyID: number) {
  return useQuery({
    queryKey: ['charts', 'history', symbol, frequencyID],
    queryFn: () =>
      loadHistory(() => call(endpoints.charts.history, { query: { symbol, resolution: 'D', frequencyID: String(frequencyID) } }), CHART_TEXT.historyNotOk),
    retry: false,
    staleTime: 60_000,
  });
}

/** GET /api/charts/dhistory/: the full daily history with volume, from 0 to now. */
export function useDailyHistory(symbol: string) {
  return useQuery({
    queryKey: ['charts', 'dhistory', symbol],
    queryFn: () =>
      loadHistory(
        () => call(endpoints.charts.dhistory, { query: { symbol, resolution: 'D', from: '0', to: String(Math.floor(Date.now() / 1000)) } }),
        CHART_TEXT.dhistoryNotOk,
      ),
    retry: false,
    staleTime: 60_000,
  });
}

export function useCompanyInfo(symbol: string) {
  return useQuery({ queryKey: ['charts', 'company', symbol], queryFn: () => loadCompanyInfo(symbol), staleTime: Infinity, retry: false });
}
