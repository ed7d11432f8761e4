// Symbols and chart history (spec §7), answered from the server's in-memory market.
import { CheckSymbolResult, checkSymbolQuery, dhistoryQuery, historyQuery, HistoryResponse, MarketStatus, symbolSearchQuery, SymbolSearchResult } from '../market.ts';
import { endpoint } from './endpoint.ts';

export const checkSymbol = endpoint({
  method: 'GET', path: '/api/check_symbol/', auth: 'public', tag: 'Market', summary: 'A listing and its last move',
  description: "404 {detail: 'symbol not found'} for an unknown symbol.", query: checkSymbolQuery, status: 200, response: CheckSymbolResult, errors: [404],
});

export const market = {
  status: endpoint({
    method: 'GET', path: '/api/market/status/', auth: 'public', tag: 'Market', summary: 'The loaded market: demo or imported, listings, dates, last update',
    description: '`most_traded`: up to three tickers by average dollar volume, for examples in the symbol boxes.', status: 200, response: MarketStatus,
  }),
};

export const symbols = {
  search: endpoint({
    method: 'GET', path: '/api/symbols/search/', auth: 'public', tag: 'Market', summary: 'Listings whose ticker or company name starts like q',
    description: 'Ticker prefixes and words of the company name; the exact ticker first, then by average dollar volume. `limit` 1–50, default 8.',
    query: symbolSearchQuery, status: 200, response: SymbolSearchResult,
  }),
};

export const charts = {
  history: endpoint({
    method: 'GET', path: '/api/charts/history/', auth: 'public', tag: 'Market', summary: 'Candles at a frequency (0 daily, 1 weekly, 2 monthly)',
    description: '{s: error | no_data, errmsg} when there is nothing to draw.', query: historyQuery, status: 200, response: HistoryResponse,
  }),
  dhistory: endpoint({
    method: 'GET', path: '/api/charts/dhistory/', auth: 'public', tag: 'Market', summary: 'Daily candles with volume between two Unix times',
    description: '`from` defaults to 0 and `to` to now, both inclusive.', query: dhistoryQuery, status: 200, response: HistoryResponse,
  }),
};
