import { describe, expect, it } from 'vitest';
import { COMPANY_CACHE_MS, cacheEntry, companyCacheKey, loadCompanyInfo, readCached } from './companyInfo.ts';

class MemoryStore {
  map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
}

const answer = { symbol: 'ABC', name: 'ABC Corp', price: 10, market: 'NASDAQ', sector: 'Technology', industry: 'Software', diff: 0.5, chg: 5.26 };
function fetcher(status: number, body: unknown, calls: string[]) {
  return (async (url: string) => {
    calls.push(url);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
}

describe('company info (check_symbol, cached 24 h)', () => {
  const now = 1_700_000_000_000;
  it('maps check_symbol to the legend fields and caches it', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    const info = await loadCompanyInfo('ABC', store, fetcher(200, answer, calls), now);
    expect(info).toEqual({ symbol: 'ABC', name: 'ABC Corp', exchange: 'NASDAQ', sector: 'Technology', industry: 'Software', price: 10, change: 0.5, changePercent: 5.26 });
    expect(calls).toEqual(['/api/check_symbol/?symbol=ABC']);
    // Within 24 h the cache answers; after it the server is asked again.
    expect(await loadCompanyInfo('ABC', store, fetcher(500, {}, calls), now + COMPANY_CACHE_MS - 1)).toEqual(info);
    expect(calls).toHaveLength(1);
    await loadCompanyInfo('ABC', store, fetcher(200, answer, calls), now + COMPANY_CACHE_MS);
    expect(calls).toHaveLength(2);
  });
  it('falls back to the symbol as the name on a non-OK answer or a failure, and caches nothing', async () => {
    const store = new MemoryStore();
    expect((await loadCompanyInfo('ZZZ', store, fetcher(404, { detail: 'symbol not found' }, []), now)).name).toBe('ZZZ');
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await loadCompanyInfo('ZZZ', store, failing, now)).toMatchObject({ symbol: 'ZZZ', name: 'ZZZ', exchange: '', sector: '' });
    expect(store.map.size).toBe(0);
  });
  it('refetches when the cache entry is unreadable', async () => {
    const store = new MemoryStore();
    store.setItem(companyCacheKey('ABC'), '{not json');
    const calls: string[] = [];
    expect((await loadCompanyInfo('ABC', store, fetcher(200, answer, calls), now)).name).toBe('ABC Corp');
    expect(calls).toHaveLength(1);
    expect(readCached(store.getItem(companyCacheKey('ABC')), now)?.name).toBe('ABC Corp');
    expect(readCached(JSON.stringify({ timestamp: now, data: 'x' }), now)).toBeNull();
    expect(readCached(cacheEntry({ ...(readCached(store.getItem(companyCacheKey('ABC')), now)!) }, now), now + 1)?.name).toBe('ABC Corp');
  });
});
