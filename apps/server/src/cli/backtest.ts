// `npm run backtest -- --data FILE.csv --template FILE.json [--bench N]`
// Runs one template over one CSV of daily bars and prints {stats, trades} as JSON, the same body the
// API's submit_selection returns. --bench N repeats the run N times and prints the median engine time
// per run to stderr. Bad input ends with a one-line error naming the problem and exit code 2.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parse } from 'csv-parse/sync';
import { backtestMonteCarlo } from '../backtest/monteCarlo.ts';
import { allocBars, backtest, normalizeTemplate, parseDay, TemplateError, type DailyBars, type Template, type TemplateInput } from '@app/quant';

const USAGE = 'usage: npm run backtest -- --data FILE.csv --template FILE.json [--bench N]';
const COLUMNS = ['date', 'open', 'high', 'low', 'close', 'volume'] as const;
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** Bad input: the message is printed as is, one line, and the exit code is 2. */
export class InputError extends Error {}

export interface CliArgs {
  data: string;
  template: string;
  bench: number;
}

export function parseArgs(argv: string[]): CliArgs {
  const out: Partial<CliArgs> = { bench: 0 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag !== '--data' && flag !== '--template' && flag !== '--bench') throw new InputError(`unknown argument "${flag}"; ${USAGE}`);
    if (value === undefined || value.startsWith('--')) throw new InputError(`${flag} needs a value; ${USAGE}`);
    i++;
    if (flag === '--bench') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1) throw new InputError(`--bench must be a whole number ≥ 1, got "${value}"`);
      out.bench = n;
    } else out[flag.slice(2) as 'data' | 'template'] = value;
  }
  if (!out.data || !out.template) throw new InputError(`--data and --template are required; ${USAGE}`);
  return out as CliArgs;
}

/** A strict `date,open,high,low,close,volume` CSV (header names in any case and order, extra columns
 *  ignored): every number must parse, prices > 0, volume ≥ 0, dates strictly ascending. */
export function barsFromCsv(text: string, file: string): DailyBars {
  let rows: string[][];
  try {
    rows = parse(text, { skip_empty_lines: true, trim: true, bom: true, relax_column_count: true });
  } catch (e) {
    throw new InputError(`${file}: not a readable CSV (${(e as Error).message.split('\n')[0]})`);
  }
  if (!rows.length) throw new InputError(`${file}: empty file`);
  const header = rows[0].map((h) => h.toLowerCase());
  const missing = COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) throw new InputError(`${file}: missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (need ${COLUMNS.join(',')})`);
  const at = COLUMNS.map((c) => header.indexOf(c));
  const n = rows.length - 1;
  if (n < 1) throw new InputError(`${file}: no bars after the header`);
  const bars: DailyBars = allocBars(n);
  const fields = [bars.open, bars.high, bars.low, bars.close, bars.volume];
  for (let r = 1; r <= n; r++) {
    const row = rows[r];
    const line = `${file} line ${r + 1}`;
    const dateText = row[at[0]] ?? '';
    const day = parseDay(dateText);
    if (Number.isNaN(day)) throw new InputError(`${line}: date "${dateText}" is not a YYYY-MM-DD date`);
    if (r > 1) {
      const prev = bars.day[r - 2];
      if (day === prev) throw new InputError(`${line}: duplicate date ${dateText}`);
      if (day < prev) throw new InputError(`${line}: date ${dateText} is out of order (dates must be ascending)`);
    }
    bars.day[r - 1] = day;
    for (let k = 1; k < COLUMNS.length; k++) {
      const text = row[at[k]] ?? '';
      if (text === '') throw new InputError(`${line}: ${COLUMNS[k]} is missing`);
      // plain decimals only: Number() would also take "0x1A", "0b1" or "Infinity"
      const v = DECIMAL.test(text.trim()) ? Number(text) : NaN;
      if (!Number.isFinite(v)) throw new InputError(`${line}: ${COLUMNS[k]} "${text}" is not a number`);
      if (k < 5 ? v <= 0 : v < 0) throw new InputError(`${line}: ${COLUMNS[k]} ${text} is out of range (${k < 5 ? 'prices must be > 0' : 'volume must be ≥ 0'})`);
      fields[k - 1][r - 1] = v;
    }
    if (bars.high[r - 1] < bars.low[r - 1]) throw new InputError(`${line}: high ${row[at[2]]} is below low ${row[at[3]]}`);
  }
  return bars;
}

export function templateFromJson(text: string, file: string): Template {
  return normalizeTemplate(templateInputFromJson(text, file));
}

/** The template JSON as written, once checked: an optimisation grid changes its fields. */
export function templateInputFromJson(text: string, file: string): TemplateInput {
  const json = jsonFromText(text, file);
  try {
    normalizeTemplate(json as never);
  } catch (e) {
    if (e instanceof TemplateError) throw new InputError(`${file}: ${e.message}`);
    throw e;
  }
  return json as TemplateInput;
}

export function jsonFromText(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(`${file}: not valid JSON (${(e as Error).message})`);
  }
}

export function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new InputError(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** A command's answer to bad input: one line on stderr and exit code 2. Anything else is a bug: thrown. */
export function inputErrorExit(e: unknown, io: Io): number {
  if (!(e instanceof InputError)) throw e;
  io.err(`error: ${e.message.replace(/\s*\n\s*/g, ' ')}\n`);
  return 2;
}

/** Runs a command when its module is the process's entry (not when a test imports it), on stdout and stderr. */
export async function runAsMain(moduleUrl: string, main: (argv: string[], io: Io) => number | Promise<number>): Promise<void> {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  process.exitCode = await main(process.argv.slice(2), { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) });
}

/** Runs the CLI; returns the exit code (0 ok, 2 bad input). */
export function runCli(argv: string[], io: Io): number {
  try {
    const args = parseArgs(argv);
    const bars = barsFromCsv(readText(args.data), args.data);
    const template = templateFromJson(readText(args.template), args.template);
    const result = backtest(bars, template);
    const monte_carlo = backtestMonteCarlo(bars, result.trades, result.equity[0]);
    io.out(JSON.stringify({ stats: result.stats, trades: result.trades, monte_carlo }, null, 2) + '\n');
    if (args.bench) {
      const times: number[] = [];
      for (let i = 0; i < args.bench; i++) {
        const t0 = performance.now();
        backtest(bars, template);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const mid = times.length >> 1;
      const median = times.length % 2 ? times[mid] : (times[mid - 1] + times[mid]) / 2;
      io.err(`median engine time: ${median.toFixed(3)} ms per run over ${args.bench} runs (${bars.close.length} bars)\n`);
    }
    return 0;
  } catch (e) {
    return inputErrorExit(e, io);
  }
}

await runAsMain(import.meta.url, runCli);
