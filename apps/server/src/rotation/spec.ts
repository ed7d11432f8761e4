// A rotation run's spec, resolved and checked when it starts: the universe's symbols (and, for a saved
// scan point in time, the query each day is judged by), the engine's spec with every default filled in,
// the gating template, and the benchmark. Everything a check can refuse answers 400 here, before the
// run queues.
import { ROTATION_BENCHMARK, ROTATION_MESSAGES, type RotationRequest, type RotationRunCreate, type ScanQuery } from '@app/contract';
import { normalizeRotationSpec, RotationSpecError, type RotationSpecInput, type TemplateInput } from '@app/quant';
import type { AppDeps } from '../deps.ts';
import { badRequest, found } from '../http/errors.ts';
import { getTemplate } from '../backtest/templateRepository.ts';
import { engineTemplate } from '../backtest/run.ts';
import type { ScannerEngine } from '../scanner/engine.ts';
import { resolveUniverse } from '../universe/resolve.ts';

export interface RotationRunSpec {
  request: RotationRequest;
  /** what the engine takes (JSON, snake_case), template included */
  engine: RotationSpecInput;
  symbols: string[];
  /** the saved scan judged as of each close (kind 'scan'); null: every symbol of the list is a member */
  query: ScanQuery | null;
}

/** The request's spec in the engine's words; a floor sent as null is removed (0 passes every day). */
export function engineSpec(body: RotationRunCreate, template: TemplateInput | null): RotationSpecInput {
  const f = body.floors;
  return {
    start_date: body.start_date,
    end_date: body.end_date,
    rebalance: body.rebalance,
    top: body.top,
    score: body.score,
    order: body.order,
    side: body.side,
    weighting: body.weighting,
    buffer: body.buffer,
    cash: body.cash,
    position_size: body.position_size,
    commission: body.commission,
    commission_fixed: body.commission_fixed,
    spread: body.spread,
    floors: f && { min_price: f.min_price ?? 0, min_dollar_volume: f.min_dollar_volume ?? 0, window: f.window },
    template,
  };
}

/** Checks the engine's spec: a RotationSpecError answers 400 naming its field. */
export function checkedSpec(input: RotationSpecInput) {
  try {
    return normalizeRotationSpec(input);
  } catch (e) {
    // the engine names the template it was given; the API takes it by id
    if (e instanceof RotationSpecError) throw badRequest({ [e.field === 'template' ? 'template_id' : e.field]: [e.message.slice(e.field.length + 2)] });
    throw e;
  }
}

export async function rotationSpec(deps: Pick<AppDeps, 'db' | 'series'>, scanner: ScannerEngine, userId: number, body: RotationRunCreate): Promise<RotationRunSpec> {
  const saved = body.template_id ? found(await getTemplate(deps.db, userId, body.template_id)) : null;
  const template = saved ? engineTemplate(saved) : null;
  if (template && !template.indicators.some((r) => r.indicator_type === 'BUY')) throw badRequest({ template_id: [ROTATION_MESSAGES.gateNeedsBuy] });
  let benchmark: string | null = null;
  if (body.benchmark) {
    const e = deps.series.get(body.benchmark);
    if (!e || !e.bars.close.length) throw badRequest({ benchmark: [ROTATION_MESSAGES.unknownBenchmark(body.benchmark)] });
    benchmark = e.info.symbol;
  } else if (deps.series.get(ROTATION_BENCHMARK)?.bars.close.length) benchmark = ROTATION_BENCHMARK;
  const engine = engineSpec(body, template);
  const s = checkedSpec(engine);
  const { symbols, label, query } = await resolveUniverse(deps, scanner, userId, body.universe);
  return {
    request: {
      start_date: body.start_date,
      end_date: body.end_date,
      universe: { kind: body.universe.kind, label },
      symbols: symbols.length,
      rebalance: s.rebalance,
      top: s.top,
      score: body.score,
      order: s.order,
      side: s.side,
      weighting: s.weighting,
      buffer: s.buffer,
      cash: s.cash,
      position_size: s.positionSize,
      commission: s.commission,
      commission_fixed: s.commissionFixed,
      spread: s.spread,
      floors: s.floors && { min_price: s.floors.minPrice, min_dollar_volume: s.floors.minDollarVolume, window: s.floors.window },
      template_id: saved?.id ?? null,
      template_name: saved?.name ?? null,
      benchmark,
    },
    engine,
    symbols,
    query,
  };
}
