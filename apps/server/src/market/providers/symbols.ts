// One spelling of a ticker across sources: upper case, share classes with a dot (BRK.B), as the
// S&P files and Nasdaq Trader's ACT symbols write them. Nasdaq's screener writes classes with '/'
// (BRK/B) and Yahoo with '-' (BRK-B, see yahooBars.ts).
// Preferred shares ('^' on the screener, '$' on Nasdaq Trader), warrants, rights and units have
// no bars or fundamentals of their own from our sources, so they are reported and left out.
const COMMON = /^[A-Z][A-Z0-9]{0,5}(\.[A-Z]{1,2})?$/;

export type NormalizedSymbol = { ok: true; symbol: string } | { ok: false; reason: string };

export function normalizeSymbol(raw: string): NormalizedSymbol {
  const s = raw.trim().toUpperCase().replace('/', '.');
  if (!s) return { ok: false, reason: 'empty symbol' };
  if (/[\^$]/.test(s)) return { ok: false, reason: `${raw.trim()}: preferred share symbols are not supported` };
  if (!COMMON.test(s)) return { ok: false, reason: `${raw.trim()}: unsupported symbol` };
  return { ok: true, symbol: s };
}
