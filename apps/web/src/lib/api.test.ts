import { describe, expect, it } from 'vitest';
import { endpoints } from '@app/contract';
import { ApiError, call, callUrl, follow } from './api.ts';

/** A fetch that records what it was asked and answers `status` with `body`. */
function recorder(status: number, body: unknown) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch };
}

describe('call(endpoint, input): the one way the app talks to the server', () => {
  it('fills the path parameters and the query from the declaration, URL-encoded', () => {
    expect(callUrl(endpoints.templates.get, { params: { id: 7 } })).toBe('/api/templates/7/');
    expect(callUrl(endpoints.blog.post, { params: { slug: 'a b/c' } })).toBe('/api/blog/posts/a%20b%2Fc/');
    expect(callUrl(endpoints.checkSymbol, { query: { symbol: 'BRK.B & co' } })).toBe('/api/check_symbol/?symbol=BRK.B+%26+co');
    expect(callUrl(endpoints.charts.dhistory, { query: { symbol: 'A', from: '0', to: undefined } })).toBe('/api/charts/dhistory/?symbol=A&from=0');
    expect(() => callUrl(endpoints.templates.get)).toThrow(/missing path parameter id/);
  });

  it('sends writes as JSON with credentials, reads as GET without a body', async () => {
    const write = recorder(201, { id: 1 });
    await call(endpoints.periods.create, { body: { stock_ticker: 'ABC', start_date: '2020-01-01', end_date: '2021-01-01' } }, { fetch: write.fetch });
    expect(write.calls[0].url).toBe('/api/periods/');
    expect(write.calls[0].init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"stock_ticker":"ABC","start_date":"2020-01-01","end_date":"2021-01-01"}' });
    const read = recorder(200, []);
    await call(endpoints.periods.list, {}, { fetch: read.fetch });
    expect(read.calls[0].init).toMatchObject({ method: 'GET', body: undefined });
  });

  it('throws the DRF body of a failed answer as ApiError, first message first', async () => {
    const bad = recorder(400, { end_date: ['End date must be after start date.'] });
    const err = await call(endpoints.periods.create, { body: {} as never }, { fetch: bad.fetch }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).message).toBe('End date must be after start date.');
  });

  it("follows only the endpoint's own links", async () => {
    const page = recorder(200, { count: 0, next: null, previous: null, results: [] });
    await follow(endpoints.scanner.stocks, '/api/scanner/stocks/?page=2', { fetch: page.fetch });
    expect(page.calls.map((c) => c.url)).toEqual(['/api/scanner/stocks/?page=2']);
    await expect(follow(endpoints.scanner.stocks, 'https://elsewhere.example/x', { fetch: page.fetch })).rejects.toThrow(/not a link/);
  });
});
