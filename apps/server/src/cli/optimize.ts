// `npm run optimize -- --data FILE.csv --template FILE.json --grid FILE.json [--bench]`
// Optimises a template over one CSV of daily bars on every core and prints ARCHITECTURE.md's output,
// {best: {params, stats, trades}, heatmap: [{params, value}]}, as JSON (backtesting.py's
// Backtest.optimize(method='grid', return_heatmap=True)), and `luck`: the Deflated Sharpe Ratio and
// the PBO of the grid, as the API answers them. --bench also prints the grid time to stderr.
// Bad input ends with a one-line error naming the problem and exit code 2.
import { bestIndex, GridError, optimizationResult, parseGrid, PBO_MAX_CELLS, runCell, type GridInput } from '@app/quant';
import { EnginePool } from '../engine/pool.ts';
import { evaluateGrid, evaluateGridBlocks } from '../engine/gridRun.ts';
import { optimizationLuck, tradedBlocks } from '../optimize/luck.ts';
import { gridPbo } from '../engine/gridPbo.ts';
import { barsFromCsv, InputError, inputErrorExit, jsonFromText, readText, runAsMain, templateInputFromJson, type Io } from './backtest.ts';

const USAGE = 'usage: npm run optimize -- --data FILE.csv --template FILE.json --grid FILE.json [--bench]';

interface Args {
  data: string;
  template: string;
  grid: string;
  bench: boolean;
}

export function parseArgs(argv: string[]): Args {
  const out: Partial<Args> = { bench: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--bench') {
      out.bench = true;
      continue;
    }
    if (flag !== '--data' && flag !== '--template' && flag !== '--grid') throw new InputError(`unknown argument "${flag}"; ${USAGE}`);
    const value = argv[++i];
    if (value === undefined || value.startsWith('--')) throw new InputError(`${flag} needs a value; ${USAGE}`);
    out[flag.slice(2) as 'data' | 'template' | 'grid'] = value;
  }
  if (!out.data || !out.template || !out.grid) throw new InputError(`--data, --template and --grid are required; ${USAGE}`);
  return out as Args;
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
      grid = parseGrid(gridInput, template);
    } catch (e) {
      if (e instanceof GridError) throw new InputError(`${args.grid}: ${e.message}`);
      throw e;
    }
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
