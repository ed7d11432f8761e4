import { useQuery } from '@tanstack/react-query';
import { isHistoryStatus, type HistoryResponse } from '@app/contract';
import { CHART_TEXT } from './texts.ts';
import { normalizeCandles } from './series.ts';
import { loadCompanyInfo } from './companyInfo.ts';

// The chart screens' calls (spec §7) with their spec §8 messages: a non-OK history answer is
// 'Network response was not ok', a non-OK dhistory answer 'Network error'; {s: error|no_data} shows
// errmsg or 'No data available' over an empty chart; other failures show their own message.

export type ChartCandle = ReturnType<typeof normalizeCandles>[number];

/** A load that succeeded: candles, or none with the message to show in red. */
export interface HistoryResult {
  candles: ChartCandle[];
  message: string | null;
}

async function loadHistory(url: string, notOk: string): Promise<HistoryResult> {
  const res = await fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(notOk);
  const body = (await res.json()) as HistoryResponse;
  if (isHistoryStatus(body)) return { candles: [], message: body.errmsg || CHART_TEXT.noData };
  if (!Array.isArray(body)) throw new Error(CHART_TEXT.noData);
  const candles = normalizeCandles(body);
  return { candles, message: candles.length ? null : CHART_TEXT.noData };
}

/** GET /api/charts/history/ at a frequency (0 daily, 1 weekly, 2 monthly). */
export function useHistory(symbol: string, frequencyID: number) {
  return useQuery({
    queryKey: ['charts', 'history', symbol, frequencyID],
    queryFn: () => loadHistory(`/api/charts/history/?symbol=${encodeURIComponent(symbol)}&resolution=D&frequencyID=${frequencyID}`, CHART_TEXT.historyNotOk),
    retry: false,
    staleTime: 60_000,
  });
}

/** GET /api/charts/dhistory/: the full daily history with volume, from 0 to now. */
export function useDailyHistory(symbol: string) {
  return useQuery({
    queryKey: ['charts', 'dhistory', symbol],
    queryFn: () => loadHistory(`/api/charts/dhistory/?symbol=${encodeURIComponent(symbol)}&resolution=D&from=0&to=${Math.floor(Date.now() / 1000)}`, CHART_TEXT.dhistoryNotOk),
    retry: false,
    staleTime: 60_000,
  });
}

export function useCompanyInfo(symbol: string) {
  return useQuery({ queryKey: ['charts', 'company', symbol], queryFn: () => loadCompanyInfo(symbol), staleTime: Infinity, retry: false });
}
