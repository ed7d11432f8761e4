// A run's universe as a list of symbols, resolved when the run starts: a saved scan's matches today,
// a typed list (every symbol must exist), or every listed equity.
import { buildScanQuery, parseScanQuery, templateToRows, UNIVERSE_MESSAGES, MAX_UNIVERSE_SYMBOLS, type Universe } from '@app/contract';
import type { AppDeps } from '../deps.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { getTemplate as getSavedQuery } from '../scanner/templatesRepository.ts';
import type { ScannerEngine } from '../scanner/engine.ts';

export interface ResolvedUniverse {
  symbols: string[];
  label: string;
}

export async function resolveUniverse(deps: Pick<AppDeps, 'db' | 'series'>, scanner: ScannerEngine, userId: number, u: Universe): Promise<ResolvedUniverse> {
  let resolved: ResolvedUniverse;
  if (u.kind === 'scan') {
    const saved = await getSavedQuery(deps.db, userId, u.query_id);
    if (!saved) throw notFound();
    const q = parseScanQuery(new URLSearchParams(buildScanQuery(templateToRows(saved))));
    if (!q.ok) throw badRequest({ universe: [`The saved scan "${saved.name}" cannot run: ${Object.values(q.errors).flat()[0]}`] });
    resolved = { symbols: scanner.matchingSymbols(q.value), label: `scan "${saved.name}"` };
  } else if (u.kind === 'symbols') {
    const symbols = [...new Set(u.symbols)];
    const unknown = symbols.filter((s) => !deps.series.get(s));
    if (unknown.length) throw badRequest({ 'universe.symbols': [UNIVERSE_MESSAGES.unknownSymbols(unknown)] });
    resolved = { symbols, label: `${symbols.length} symbol${symbols.length > 1 ? 's' : ''}: ${symbols.slice(0, 5).join(', ')}${symbols.length > 5 ? ', …' : ''}` };
  } else {
    const symbols = deps.series.all().filter((e) => e.info.instr_type === 'EQUITY').map((e) => e.info.symbol);
    resolved = { symbols, label: 'every listed equity' };
  }
  if (!resolved.symbols.length) throw badRequest({ universe: [UNIVERSE_MESSAGES.empty] });
  if (resolved.symbols.length > MAX_UNIVERSE_SYMBOLS) throw badRequest({ universe: [UNIVERSE_MESSAGES.tooMany(resolved.symbols.length)] });
  return resolved;
}
