import { useQuery } from '@tanstack/react-query';
import { endpoints, type MarketStatus } from '@app/contract';
import { call } from './api.ts';

// GET /api/market/status/: which market the server has loaded (demo or imported), shared by the Market
// data page, the demo-market notes and the example tickers of placeholders.

export const MARKET_STATUS_QUERY_KEY = ['market-status'] as const;

export function useMarketStatus() {
  return useQuery<MarketStatus>({ queryKey: MARKET_STATUS_QUERY_KEY, queryFn: () => call(endpoints.market.status), staleTime: 5 * 60_000 });
}

/** Tickers to show as examples in placeholders and hints: the loaded market's most traded (none
 *  while loading), so an example always names a listing the user can open. */
export function useExampleTickers(): string[] {
  return useMarketStatus().data?.most_traded ?? [];
}

export const MARKET_DATA_PATH = '/market-data';
