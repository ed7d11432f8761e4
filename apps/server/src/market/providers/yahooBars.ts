import type { DailyBars } from '@app/quant';
import { emptyBars } from '../barChunks.ts';
import { FetchError, fetchJson, mapLimited } from './http.ts';
import type { BarsItem, Provider } from './types.ts';

// Daily bars from Yahoo Finance's chart API:
//   GET {base}/v8/finance/chart/{SYMBOL}?period1=0&period2=<now>&interval=1d&events=div%7Csplit&includeAdjustedClose=true
//   → {chart: {result: [{meta: {gmtoffset, …}, timestamp: [...], indicators: {quote: [{open, high, low,
//      close, volume}], adjclose: [{adjclose}]}}], error: null}}
//   or {chart: {result: null, error: {code, description}}} for an unknown symbol.
// Yahoo's OHLC and volume are split-adjusted; adjclose also for dividends, so prices are scaled by
// adjclose/close (same rule as the Yahoo CSV layout). Timestamps are the session's open in UTC;
// adding the exchange's gmtoffset gives the session date. Rows with nulls (halts) are skipped.
// Share classes are written with '-' (BRK-B).

interface ChartAnswer {
  chart?: {
    result?: Array<{
      meta?: { gmtoffset?: number };
      timestamp?: number[];
      indicators?: { quote?: Array<Record<'open' | 'high' | 'low' | 'close' | 'volume', Array<number | null>>>; adjclose?: Array<{ adjclose: Array<number | null> }> };
    }> | null;
    error?: { code?: string; description?: string } | null;
  };
}

export const yahooSymbol = (symbol: string) => symbol.replace('.', '-');

export function parseYahooChart(json: unknown, symbol: string, source: string): BarsItem {
  const item: BarsItem = { source, provider: 'yahoo', symbol, bars: null, problems: [] };
  const chart = (json as ChartAnswer)?.chart;
  if (chart?.error || !chart?.result?.[0]) {
    item.problems.push(chart?.error ? `API error: ${chart.error.code ?? ''} ${chart.error.description ?? ''}`.trim() : 'not a chart answer');
    return item;
  }
  const r = chart.result[0];
  const ts = r.timestamp ?? [];
  const q = r.indicators?.quote?.[0];
  const adj = r.indicators?.adjclose?.[0]?.adjclose;
  if (!q || !ts.length) {
    item.problems.push('no price data');
    return item;
  }
  const offset = r.meta?.gmtoffset ?? 0;
  const rows: number[][] = [];
  let skipped = 0;
  for (let i = 0; i < ts.length; i++) {
    const [o, h, l, c, v] = [q.open[i], q.high[i], q.low[i], q.close[i], q.volume[i]];
    const a = adj?.[i] ?? c;
    if ([o, h, l, c, a].some((x) => x == null || !(x > 0)) || v == null || v < 0) { skipped++; continue; }
    const day = Math.floor((ts[i] + offset) / 86_400);
    const f = a! / c!;
    if (rows.length && rows[rows.length - 1][0] === day) rows.pop(); // the live bar repeats today's date
    rows.push([day, o! * f, h! * f, l! * f, c! * f, v]);
  }
  if (skipped) item.problems.push(`${skipped} rows with missing values skipped`);
  if (!rows.length) {
    item.problems.unshift('no valid rows');
    return item;
  }
  const bars: DailyBars = emptyBars(rows.length);
  rows.forEach((row, i) => {
    bars.day[i] = row[0]; bars.open[i] = row[1]; bars.high[i] = row[2];
    bars.low[i] = row[3]; bars.close[i] = row[4]; bars.volume[i] = row[5];
  });
  item.bars = bars;
  return item;
}

export function yahooBarsProvider(baseUrl: string, opts: { concurrency?: number } = {}): Provider {
  return {
    name: 'yahoo',
    dailyBars(symbols: string[] = []) {
      const now = Math.floor(Date.now() / 1000);
      return mapLimited(symbols, opts.concurrency ?? 4, async (symbol): Promise<BarsItem> => {
        const url = `${baseUrl}/v8/finance/chart/${encodeURIComponent(yahooSymbol(symbol))}?period1=0&period2=${now}&interval=1d&events=div%7Csplit&includeAdjustedClose=true`;
        try {
          return parseYahooChart(await fetchJson(url, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Stockbench' } }), symbol, url);
        } catch (e) {
          // A 404 carries the same {chart: {error}} body as a 200 with an error.
          const msg = e instanceof FetchError && e.status === 404 ? 'API error: Not Found (unknown or delisted symbol)' : (e as Error).message;
          return { source: url, provider: 'yahoo', symbol, bars: null, problems: [msg] };
        }
      });
    },
  };
}
