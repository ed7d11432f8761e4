import { endpoints, type CheckSymbolResult } from '@app/contract';
import { call } from '../../lib/api.ts';

// The legend's company info (spec §3, §7, §8): from check_symbol, cached per symbol in local storage
// for 24 hours; a failed or non-OK answer falls back to the symbol as the name (silently), and an
// unreadable cache entry is fetched again.

export interface CompanyInfo {
  symbol: string;
  name: string;
  exchange: string;
  sector: string;
  industry: string;
  price: number | null;
  change: number | null;
  changePercent: number | null;
}

export const COMPANY_CACHE_MS = 24 * 3600 * 1000;
export const companyCacheKey = (symbol: string) => `company_info_${symbol.toUpperCase()}`;

export function fallbackInfo(symbol: string): CompanyInfo {
  return { symbol, name: symbol, exchange: '', sector: '', industry: '', price: null, change: null, changePercent: null };
}

export function fromCheckSymbol(symbol: string, r: Partial<CheckSymbolResult>): CompanyInfo {
  return {
    symbol,
    name: r.name || symbol,
    exchange: r.market ?? '',
    sector: r.sector ?? '',
    industry: r.industry ?? '',
    price: r.price ?? null,
    change: r.diff ?? null,
    changePercent: r.chg ?? null,
  };
}

/** The cached info if present, readable and younger than 24 h; otherwise null (fetch again). */
export function readCached(raw: string | null, now: number): CompanyInfo | null {
  if (!raw) return null;
  try {
    const o = JSON.parse(raw) as { timestamp?: unknown; data?: unknown };
    if (typeof o.timestamp !== 'number' || now - o.timestamp >= COMPANY_CACHE_MS || now < o.timestamp) return null;
    const d = o.data as CompanyInfo | undefined;
    if (!d || typeof d.name !== 'string' || typeof d.symbol !== 'string') return null;
    return d;
  } catch {
    return null;
  }
}

export const cacheEntry = (info: CompanyInfo, now: number) => JSON.stringify({ timestamp: now, data: info });

interface KeyValueStore {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
}

/** Cached, else GET /api/check_symbol/; never throws. Only real answers are cached. */
export async function loadCompanyInfo(symbol: string, store: KeyValueStore = localStorage, fetcher?: typeof fetch, now = Date.now()): Promise<CompanyInfo> {
  const key = companyCacheKey(symbol);
  let raw: string | null = null;
  try {
    raw = store.getItem(key);
  } catch {
    // storage blocked: just fetch
  }
  const cached = readCached(raw, now);
  if (cached) return cached;
  try {
    // A failed lookup is silent (spec §8): no session-expired event either.
    const answer = await call(endpoints.checkSymbol, { query: { symbol } }, { fetch: fetcher, notifyAuthFailure: false });
    const info = fromCheckSymbol(symbol, answer);
    try {
      store.setItem(key, cacheEntry(info, now));
    } catch {
      // a full storage only costs a refetch next time
    }
    return info;
  } catch {
    return fallbackInfo(symbol);
  }
}
