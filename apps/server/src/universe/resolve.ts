// A run's universe, resolved when the run starts: the symbols it may hold and, for a saved scan point
// in time, the query each day is judged by (membership.ts); a saved scan's matches today (the same
// query on the last day only), a typed list (every symbol must exist), or every equity the market
// holds, delisted ones included (they are members on the days they traded).
import { buildScanQuery, parseScanQuery, templateToRows, UNIVERSE_MESSAGES, MAX_UNIVERSE_SYMBOLS, type ScanQuery, type Universe } from '@app/contract';
import type { AppDeps } from '../deps.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { getTemplate as getSavedQuery } from '../scanner/templatesRepository.ts';
import type { ScannerEngine } from '../scanner/engine.ts';

export interface ResolvedUniverse {
  symbols: string[];
  label: string;
  /** the saved scan judged day by day (kind 'scan'); null otherwise */
  query: ScanQuery | null;
}

export async function resolveUniverse(deps: Pick<AppDeps, 'db' | 'series'>, scanner: ScannerEngine, userId: number, u: Universe): Promise<ResolvedUniverse> {
  let resolved: ResolvedUniverse;
  if (u.kind === 'scan' || u.kind === 'scan_today') {
    const saved = await getSavedQuery(deps.db, userId, u.query_id);
    if (!saved) throw notFound();
    const q = parseScanQuery(new URLSearchParams(buildScanQuery(templateToRows(saved))));
    if (!q.ok) throw badRequest({ universe: [`The saved scan "${saved.name}" cannot run: ${Object.values(q.errors).flat()[0]}`] });
    resolved = u.kind === 'scan'
      // every symbol with bars may be a member on some day; the query decides which, day by day
      ? { symbols: deps.series.all().filter((e) => e.bars.close.length > 0).map((e) => e.info.symbol), label: `scan "${saved.name}" (point in time)`, query: q.value }
      : { symbols: scanner.matchingSymbols(q.value), label: `scan "${saved.name}" (matches today)`, query: null };
  } else if (u.kind === 'symbols') {
    const symbols = [...new Set(u.symbols)];
    const unknown = symbols.filter((s) => !deps.series.get(s));
    if (unknown.length) throw badRequest({ 'universe.symbols': [UNIVERSE_MESSAGES.unknownSymbols(unknown)] });
    resolved = { symbols, label: `${symbols.length} symbol${symbols.length > 1 ? 's' : ''}: ${symbols.slice(0, 5).join(', ')}${symbols.length > 5 ? ', …' : ''}`, query: null };
  } else {
    const symbols = deps.series.all().filter((e) => e.info.instr_type === 'EQUITY').map((e) => e.info.symbol);
    resolved = { symbols, label: 'every listed equity', query: null };
  }
  if (!resolved.symbols.length) throw badRequest({ universe: [UNIVERSE_MESSAGES.empty] });
  if (resolved.symbols.length > MAX_UNIVERSE_SYMBOLS) throw badRequest({ universe: [UNIVERSE_MESSAGES.tooMany(resolved.symbols.length)] });
  return resolved;
}
