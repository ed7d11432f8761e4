// `npm run optimize -- --data FILE.csv --template FILE.json --grid FILE.json [--method search --budget N --seed S] [--bench]`
// Optimises a template over one CSV of daily bars on every core and prints ARCHITECTURE.md's output,
// {best: {params, stats, trades}, heatmap: [{params, value}]}, as JSON (backtesting.py's
// Backtest.optimize(method='grid', return_heatmap=True)), and `luck`: the Deflated Sharpe Ratio and
// the PBO of the grid, as the API answers them. --bench also prints the grid time to stderr.
// `--method search` tries only --budget cells (default 2,000) picked by a model-based search seeded by
// --seed (default 1; docs/search.md), on this thread: the heatmap lists the cells tried, in the
// order tried, and `cells` their grid indices; the space may exceed a grid's cell limit.
// Bad input ends with a one-line error naming the problem and exit code 2.
import {
  bestCell, bestIndex, GridError, MAX_SEARCH_BUDGET, MAX_SEARCH_CELLS, optimizationResult, parseGrid, PBO_MAX_CELLS, runCell, searchGrid, searchResult,
  type DailyBars, type Grid, type GridInput,
} from '@app/quant';
import { DEFAULT_SEARCH_BUDGET, DEFAULT_SEARCH_SEED, MAX_SEARCH_SEED } from '@app/contract';
import { EnginePool } from '../engine/pool.ts';
import { evaluateGrid, evaluateGridBlocks } from '../engine/gridRun.ts';
import { optimizationLuck, tradedBlocks } from '../optimize/luck.ts';
import { gridPbo } from '../engine/gridPbo.ts';
import { barsFromCsv, InputError, inputErrorExit, jsonFromText, readText, runAsMain, templateInputFromJson, type Io } from './backtest.ts';

const USAGE = 'usage: npm run optimize -- --data FILE.csv --template FILE.json --grid FILE.json [--method grid|search] [--budget N] [--seed S] [--bench]';

interface Args {
  data: string;
  template: string;
  grid: string;
  bench: boolean;
  method: 'grid' | 'search';
  budget?: number;
  seed?: number;
}

/** A whole number from `min` to `max` given to `flag`, or a one-line error. */
function wholeArg(flag: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) throw new InputError(`${flag} must be a whole number from ${min} to ${max.toLocaleString('en-US')}, got "${value}"`);
  return n;
}

export function parseArgs(argv: string[]): Args {
  const out: Partial<Args> = { bench: false, method: 'grid' };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--bench') {
      out.bench = true;
      continue;
    }
    if (!['--data', '--template', '--grid', '--method', '--budget', '--seed'].includes(flag)) throw new InputError(`unknown argument "${flag}"; ${USAGE}`);
    const value = argv[++i];
    if (value === undefined || value.startsWith('--')) throw new InputError(`${flag} needs a value; ${USAGE}`);
    if (flag === '--method') {
      if (value !== 'grid' && value !== 'search') throw new InputError(`--method must be grid or search, got "${value}"`);
      out.method = value;
    } else if (flag === '--budget') out.budget = wholeArg(flag, value, 1, MAX_SEARCH_BUDGET);
    else if (flag === '--seed') out.seed = wholeArg(flag, value, 0, MAX_SEARCH_SEED);
    else out[flag.slice(2) as 'data' | 'template' | 'grid'] = value;
  }
  if (!out.data || !out.template || !out.grid) throw new InputError(`--data, --template and --grid are required; ${USAGE}`);
  if (out.method !== 'search' && (out.budget !== undefined || out.seed !== undefined)) throw new InputError('--budget and --seed are for --method search');
  return out as Args;
}

/** `--method search` on this thread: the cells tried with their values, the best with its statistics,
 *  and the luck guards over the cells tried. */
async function runSearch(bars: DailyBars, grid: Grid, args: Args, io: Io, engine: EnginePool): Promise<number> {
  const budget = Math.min(args.budget ?? DEFAULT_SEARCH_BUDGET, grid.cells);
  const seed = args.seed ?? DEFAULT_SEARCH_SEED;
  const t0 = performance.now();
  const run = searchGrid(bars, grid, { budget, seed, blocks: budget <= PBO_MAX_CELLS });
  const ms = performance.now() - t0;
  const traded = tradedBlocks(run.values, run.blocks ?? null);
  const b = bestCell(run.values, grid.direction, run.cells).cell;
  const best = b < 0 ? null : runCell(bars, grid, b);
  const luck = optimizationLuck({ traded, pbo: await gridPbo(engine, traded), bestEquity: best?.equity ?? null, bestTrades: best?.trades.length ?? 0, closes: bars.close });
  io.out(JSON.stringify({ method: 'search', budget, seed, space: grid.cells, ...searchResult(bars, grid, run), cells: run.cells, luck }, null, 2) + '\n');
  if (args.bench) io.err(`optimize: search of ${budget} of ${grid.cells.toLocaleString('en-US')} cells in ${ms.toFixed(1)} ms\n`);
  return 0;
}

/** Runs the CLI on `pool` (one is made and closed when not given); returns the exit code. */
export async function runCli(argv: string[], io: Io, pool?: EnginePool): Promise<number> {
  let own: EnginePool | null = null;
  try {
    const args = parseArgs(argv);
    const bars = barsFromCsv(readText(args.data), args.data);
    const template = templateInputFromJson(readText(args.template), args.template);
    const gridInput = jsonFromText(readText(args.grid), args.grid) as GridInput;
    let grid;
    try {
      grid = parseGrid(gridInput, template, args.method === 'search' ? { maxCells: MAX_SEARCH_CELLS } : {});
    } catch (e) {
      if (e instanceof GridError) throw new InputError(`${args.grid}: ${e.message}`);
      throw e;
    }
    if (args.method === 'search') return await runSearch(bars, grid, args, io, pool ?? (own = new EnginePool()));
    const engine = pool ?? (own = new EnginePool());
    await engine.run('optimizeCells', { bars, template, grid: gridInput, from: 0, to: 0 }); // threads up and warm
    const t0 = performance.now();
    const values = await evaluateGrid(engine, bars, template, gridInput, grid);
    const ms = performance.now() - t0;
    const t1 = performance.now();
    // the guards' inputs: every cell again with its daily returns (too many cells: none)
    const blocks = grid.cells <= PBO_MAX_CELLS ? (await evaluateGridBlocks(engine, bars, template, gridInput, grid)).blocks : null;
    const traded = tradedBlocks(values, blocks);
    const b = bestIndex(values, grid.direction);
    const best = b < 0 ? null : runCell(bars, grid, b);
    const luck = optimizationLuck({ traded, pbo: await gridPbo(engine, traded), bestEquity: best?.equity ?? null, bestTrades: best?.trades.length ?? 0, closes: bars.close });
    const luckMs = performance.now() - t1;
    io.out(JSON.stringify({ ...optimizationResult(bars, grid, values), luck }, null, 2) + '\n');
    if (args.bench) {
      io.err(`optimize: ${grid.cells} cells in ${ms.toFixed(1)} ms (${Math.round((grid.cells / ms) * 1000).toLocaleString('en-US')} cells/s on ${engine.threads} threads)\n`);
      io.err(`luck: Deflated Sharpe and PBO in ${luckMs.toFixed(1)} ms\n`);
    }
    return 0;
  } catch (e) {
    return inputErrorExit(e, io);
  } finally {
    await own?.close();
  }
}

await runAsMain(import.meta.url, runCli);
