// Rotation runs as batch runs (jobs/batch.ts): one chunk, since every rebalance ranks the whole
// universe from one account. The chunk gathers each symbol's history up to the end date and runs the
// engine on an engine thread.
import { universeWarning, type RotationResult } from '@app/contract';
import { parseDay } from '@app/quant';
import type { AppDeps } from '../deps.ts';
import { registerBatchKind } from '../jobs/batch.ts';
import { firstDayAtOrAfter } from '../market/barChunks.ts';
import { READS_FILINGS, rotationFilings } from './filings.ts';
import type { RotationItem } from './run.ts';
import type { RotationRunSpec } from './spec.ts';

export const ROTATION_KIND = 'rotation';

/** The symbols with a bar in the period (the others are skipped), each with its bars up to the end date. */
function collect(deps: Pick<AppDeps, 'series'>, spec: RotationRunSpec) {
  const start = parseDay(spec.request.start_date);
  const end = parseDay(spec.request.end_date) + 1;
  const scanReadsFilings = !!spec.query;
  const scoreReadsFilings = READS_FILINGS.has(spec.request.score.kind);
  const items: RotationItem[] = [];
  const skipped: string[] = [];
  for (const symbol of spec.symbols) {
    const e = deps.series.get(symbol);
    const from = e ? firstDayAtOrAfter(e.bars.day, start) : 0;
    const to = e ? firstDayAtOrAfter(e.bars.day, end) : 0;
    if (!e || to <= from) {
      skipped.push(symbol);
      continue;
    }
    items.push({
      entry: scanReadsFilings ? e : { ...e, quarterly: [], annual: [] },
      from,
      to,
      ...(scoreReadsFilings ? { filings: rotationFilings(e) } : {}),
    });
  }
  return { items, skipped };
}

export function registerRotationKind(deps: Pick<AppDeps, 'series' | 'engine'>) {
  registerBatchKind<RotationRunSpec, Record<string, never>, RotationResult, RotationResult>(ROTATION_KIND, {
    split: () => [{}],
    async runChunk(spec, _, ctx) {
      const { items, skipped } = collect(deps, spec);
      if (!items.length) throw new Error(`no symbol of the universe has a bar between ${spec.request.start_date} and ${spec.request.end_date}`);
      const b = spec.request.benchmark ? deps.series.get(spec.request.benchmark) : null;
      const benchmark = b ? { symbol: b.info.symbol, bars: b.bars } : null;
      const survivorship = universeWarning(spec.request.universe.kind);
      return deps.engine.run('rotation', { spec: spec.engine, items, query: spec.query, benchmark, survivorship, skipped }, { signal: ctx.signal });
    },
    finish: async (_, [result]) => result,
  });
}
