import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import { ALL_ENDPOINTS, type Endpoint, type TemplateDetail } from '@app/contract';
import { signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { addSymbol, waveBars } from '../../test/backtestMarket.ts';

// Every endpoint the contract declares (endpoints/index.ts), driven as a signed-in user with
// hostile path ids, query strings and bodies — NUL and control characters, 1 MB strings, wrong types,
// huge numbers, deep nesting — answers a client error or success, never a 5xx. Endpoints added later
// are walked too: the list is the contract's.

/** The field names a schema reads (objects, and objects behind refinements, transforms and pipes). */
function keysOf(schema: z.ZodType | undefined, depth = 0): string[] {
  if (!schema || depth > 5) return [];
  const s = schema as unknown as { shape?: Record<string, unknown>; _zod?: { def?: { in?: z.ZodType; innerType?: z.ZodType; schema?: z.ZodType } } };
  if (s.shape) return Object.keys(s.shape);
  const def = s._zod?.def;
  return keysOf(def?.in, depth + 1).concat(keysOf(def?.innerType, depth + 1), keysOf(def?.schema, depth + 1));
}

const MB = 'x'.repeat(1_000_000);
const nested = (depth: number): unknown => {
  let v: unknown = 1;
  for (let k = 0; k < depth; k++) v = k % 2 ? { a: v } : [v];
  return v;
};
const hostileText = fc.constantFrom(
  'a\u0000b', '\u0000', 'tab\there', 'bell\u0007', 'esc\u001b[31m', '\u202eevil', '\ud800', '\ufeff1', '😀', '', ' ', '%00', '%', '../../etc/passwd',
  "'; DROP TABLE users; --", '<script>alert(1)</script>', '__proto__', 'constructor', 'NaN', 'Infinity', '-Infinity', '1e400', '-1', '0', '01', '1.0',
  '1e3', '+1', '0x10', '9'.repeat(400), '2020-02-30', '9999-12-31', 'RSI', 'WAVE', 'true', 'null', '[]', '{}',
);
const hugeNumber = fc.constantFrom(1e308, -1e308, Number.MAX_VALUE, Number.MIN_VALUE, 2 ** 53 + 1, -(2 ** 63), 2 ** 31, -(2 ** 31) - 1, 1e-300, -0);
const scalar = fc.oneof(
  { arbitrary: hostileText, weight: 4 },
  { arbitrary: hugeNumber, weight: 2 },
  { arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)), weight: 2 },
  { arbitrary: fc.string({ maxLength: 20 }), weight: 1 },
);
/** Any JSON value a hostile client could send for one field. */
const hostileValue = fc.oneof(
  { arbitrary: scalar, weight: 10 },
  { arbitrary: fc.constant(MB), weight: 1 },
  { arbitrary: fc.constantFrom(nested(50), nested(2_000)), weight: 1 },
  { arbitrary: fc.array(scalar, { maxLength: 3 }), weight: 1 },
  { arbitrary: fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', 'name'), scalar, { maxKeys: 2 }), weight: 1 },
);
/** A path parameter: hostile text, or an id that may exist. */
const hostileParam = (ids: string[]) => fc.oneof(
  { arbitrary: fc.constantFrom(...ids), weight: 2 },
  { arbitrary: hostileText, weight: 4 },
  { arbitrary: fc.constantFrom('x'.repeat(5_000), '2147483648', '-2147483649', '1'.repeat(40)), weight: 1 },
);

/** A path segment as a client would write it; a lone surrogate (no UTF-8 form) as the raw bytes of one. */
function encodePart(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
}

describe('every endpoint contract under hostile input, signed in', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let ids: string[];

  beforeAll(async () => {
    t = await testApp('pglite');
    headers = (await signedInAs(t, 'contract-fuzz@example.com')).headers;
    await addSymbol(t, 'WAVE', waveBars('2020-01-01', 300));
    const tpl = (await t.app.inject({ method: 'POST', url: '/api/templates/', headers, payload: { name: 'fuzz' } })).json<TemplateDetail>();
    await t.app.inject({ method: 'POST', url: '/api/indicators/', headers, payload: { template: tpl.id, name: 'RSI', compare: '<', cvalue: '30' } });
    const period = (await t.app.inject({ method: 'POST', url: '/api/periods/', headers, payload: { stock_ticker: 'WAVE', start_date: '2020-01-01', end_date: '2020-12-31' } })).json<{ id: number }>();
    ids = [String(tpl.id), String(period.id), '1', '2', 'rsi-reversion', 'WAVE'];
  });
  afterAll(() => t.close());

  const request = (e: Endpoint) => {
    const paramNames = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const queryKeys = [...new Set([...keysOf(e.query), ...keysOf(e.queryDoc), 'page', 'x'])];
    const bodyKeys = keysOf(e.body);
    const params = fc.tuple(...paramNames.map(() => hostileParam(ids)));
    const query = e.query ? fc.dictionary(fc.constantFrom(...queryKeys), fc.oneof(hostileText, fc.constant('y'.repeat(100_000)), fc.string()), { maxKeys: 4 }) : fc.constant({});
    const body = fc.oneof(
      { arbitrary: bodyKeys.length ? fc.dictionary(fc.constantFrom(...bodyKeys), hostileValue, { maxKeys: bodyKeys.length }) : fc.constant({}), weight: 5 },
      { arbitrary: hostileValue, weight: 2 },
      { arbitrary: fc.constantFrom('{not json', '\u0000', '[', '{"a":'.repeat(10_000)).map((raw) => ({ raw })), weight: 1 },
    );
    return fc.record({ params, query, body });
  };

  for (const e of ALL_ENDPOINTS) {
    it(`${e.method} ${e.path} never answers 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(request(e), async ({ params, query, body }) => {
          let k = 0;
          const path = e.path.replace(/\{(\w+)\}/g, () => encodePart(params[k++]));
          const qs = new URLSearchParams(query as Record<string, string>).toString();
          // logging out ends the session's token: use a fresh one, so the other endpoints stay signed in
          const h = e.path.endsWith('/logout/') ? (await signedInAs(t, 'contract-fuzz@example.com')).headers : headers;
          const hasBody = e.method !== 'GET' && e.method !== 'DELETE';
          const payload = !hasBody ? undefined : typeof body === 'object' && body !== null && 'raw' in body ? String(body.raw) : JSON.stringify(body ?? null);
          const r = await t.app.inject({
            method: e.method,
            url: qs ? `${path}?${qs}` : path,
            headers: hasBody ? { ...h, 'content-type': 'application/json' } : h,
            payload,
          });
          expect(r.statusCode, `${e.method} ${path}?${qs.slice(0, 200)} ${String(payload).slice(0, 200)} → ${r.body.slice(0, 300)}`).toBeLessThan(500);
        }),
        { numRuns: 12 },
      );
    });
  }
});
