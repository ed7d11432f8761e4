// The Probability of Backtest Overfitting of a grid's traded cells, its half/half splits shared
// among the engine's threads (each thread walks a range of complementary split pairs).
import { combinePbo, splitCount, PBO_BLOCKS, PBO_MIN_CELLS, type BlockSums, type PboResult } from '@app/quant';
import type { EnginePool } from './pool.ts';

/** The PBO of the traded cells, on every engine thread (in `parts` tasks: more than the threads when
 *  other tasks share them, so that the thread that is free first takes the rest); null below
 *  PBO_MIN_CELLS cells or 2 bars a block. */
export async function gridPbo(engine: Pick<EnginePool, 'run' | 'threads'>, traded: BlockSums | null, parts = engine.threads): Promise<PboResult | null> {
  if (!traded || traded.cells < PBO_MIN_CELLS) return null;
  let returns = 0;
  for (const c of traded.counts) returns += c;
  if (returns < 2 * PBO_BLOCKS) return null;
  const total = splitCount(traded.blocks) / 2; // pairs of splits
  const n = Math.max(1, parts);
  const cuts = Array.from({ length: n + 1 }, (_, k) => Math.round((k * total) / n));
  const results = await Promise.all(cuts.slice(1).map((to, k) => engine.run('pboPart', { blocks: traded, from: cuts[k], to })));
  return combinePbo(results, traded.cells);
}
