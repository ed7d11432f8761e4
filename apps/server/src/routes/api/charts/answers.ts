import { NO_DATA_MESSAGE, SYMBOL_NOT_FOUND, type HistoryStatus } from '@app/contract';

// Both history calls answer HTTP 200 with candles, or with {s, errmsg} when there is nothing to draw:
// the spec's chart screens show errmsg for s = error/no_data and a generic text for non-OK responses.
export const unknownSymbol: HistoryStatus = { s: 'error', errmsg: SYMBOL_NOT_FOUND };
export const noData: HistoryStatus = { s: 'no_data', errmsg: NO_DATA_MESSAGE };
