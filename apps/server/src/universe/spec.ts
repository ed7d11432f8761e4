// A universe or portfolio run's spec from a template and a universe, resolved when it starts.
import type { RunFloors, Universe } from '@app/contract';
import type { AppDeps } from '../deps.ts';
import { found } from '../http/errors.ts';
import { getTemplate } from '../backtest/templateRepository.ts';
import { engineTemplate } from '../backtest/run.ts';
import type { ScannerEngine } from '../scanner/engine.ts';
import { resolveUniverse } from './resolve.ts';
import type { UniverseSpec } from './batchKinds.ts';

export async function universeSpec(
  deps: Pick<AppDeps, 'db' | 'series'>,
  scanner: ScannerEngine,
  userId: number,
  body: { template_id: number; universe: Universe; start_date: string; end_date: string; floors: RunFloors | null },
): Promise<UniverseSpec> {
  const template = found(await getTemplate(deps.db, userId, body.template_id));
  const { symbols, label, query } = await resolveUniverse(deps, scanner, userId, body.universe);
  return {
    request: {
      template_id: template.id,
      template_name: template.name,
      start_date: body.start_date,
      end_date: body.end_date,
      universe: { kind: body.universe.kind, label },
      symbols: symbols.length,
      floors: body.floors,
    },
    template: engineTemplate(template),
    symbols,
    membership: { query, floors: body.floors },
  };
}

