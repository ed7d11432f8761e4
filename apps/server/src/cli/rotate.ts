// `npm run rotate -- --data DIR --spec FILE.json [--benchmark FILE.csv] [--full]`
// Runs a rotation (rebalancing) backtest over a folder of `<SYMBOL>.csv` daily bars and prints
// {orders, time, equity, final_equity} as JSON; --full prints the whole result (rebalances, turnover,
// costs, the equal-weight basket, alpha and beta against --benchmark). Bad input ends with a one-line
// error naming the problem and exit code 2.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { allocBars, normalizeRotationSpec, rotationBacktest, RotationSpecError, type DailyBars, type RotationSpec, type RotationSymbol } from '@app/quant';
import { barsFromCsv, InputError, inputErrorExit, jsonFromText, readText, runAsMain, type Io } from './backtest.ts';

const USAGE = 'usage: npm run rotate -- --data DIR --spec FILE.json [--benchmark FILE.csv] [--full]';

export interface RotateArgs {
  data: string;
  spec: string;
  benchmark: string | null;
  full: boolean;
}

export function parseRotateArgs(argv: string[]): RotateArgs {
  const out: RotateArgs = { data: '', spec: '', benchmark: null, full: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--full') {
      out.full = true;
      continue;
    }
    if (flag !== '--data' && flag !== '--spec' && flag !== '--benchmark') throw new InputError(`unknown argument "${flag}"; ${USAGE}`);
    const value = argv[++i];
    if (value === undefined || value.startsWith('--')) throw new InputError(`${flag} needs a value; ${USAGE}`);
    out[flag.slice(2) as 'data' | 'spec' | 'benchmark'] = value;
  }
  if (!out.data || !out.spec) throw new InputError(`--data and --spec are required; ${USAGE}`);
  return out;
}

/** Every `<SYMBOL>.csv` of a folder (the file name less `.csv` is the symbol). */
export function universeFromDir(dir: string): RotationSymbol[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.toLowerCase().endsWith('.csv')).sort();
  } catch (e) {
    throw new InputError(`${dir}: cannot read the folder (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (!files.length) throw new InputError(`${dir}: no .csv files (one <SYMBOL>.csv per member)`);
  return files.map((f) => {
    const path = join(dir, f);
    return { symbol: f.slice(0, -4), bars: membersBars(readText(path), path) };
  });
}

const COLUMNS = ['date', 'open', 'high', 'low', 'close', 'volume'];

/** A member's bars; a file with the header alone is a member without bars (listed later, or gone). */
function membersBars(text: string, path: string): DailyBars {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length === 1) {
    const header = lines[0].replace(/^\uFEFF/, '').toLowerCase().split(',').map((h) => h.trim());
    if (COLUMNS.every((c) => header.includes(c))) return allocBars(0);
  }
  return barsFromCsv(text, path);
}

export function rotationSpecFromJson(text: string, file: string): RotationSpec {
  try {
    return normalizeRotationSpec(jsonFromText(text, file) as never);
  } catch (e) {
    if (e instanceof RotationSpecError) throw new InputError(`${file}: ${e.message}`);
    throw e;
  }
}

/** Runs the CLI; returns the exit code (0 ok, 2 bad input). */
export function runRotateCli(argv: string[], io: Io): number {
  try {
    const args = parseRotateArgs(argv);
    const spec = rotationSpecFromJson(readText(args.spec), args.spec);
    const universe = universeFromDir(args.data);
    const benchmark = args.benchmark ? barsFromCsv(readText(args.benchmark), args.benchmark) : null;
    let result;
    try {
      result = rotationBacktest(universe, spec, { benchmark });
    } catch (e) {
      if (e instanceof RotationSpecError) throw new InputError(`${args.spec}: ${e.message}`);
      throw e;
    }
    const { orders, time, equity, final_equity } = result;
    io.out(JSON.stringify(args.full ? result : { orders, time, equity, final_equity }, null, 2) + '\n');
    return 0;
  } catch (e) {
    return inputErrorExit(e, io);
  }
}

await runAsMain(import.meta.url, runRotateCli);
