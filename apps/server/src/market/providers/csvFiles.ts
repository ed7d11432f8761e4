import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseBarsCsv } from './csvBars.ts';
import { isConstituentsHeader, parseConstituents } from './constituents.ts';
import { parseScreener, SCREENER_EXCHANGES } from './nasdaqScreener.ts';
import { parseSymbolDirectory } from './nasdaqTrader.ts';
import { normalizeSymbol } from './symbols.ts';
import type { BarsItem, ListingBatch, Provider } from './types.ts';

// The `csv` provider: files on disk, given as files or folders (walked recursively), plain or .gz.
//   *.csv, *.csv.gz, *.txt   daily bars in any layout of csvBars.ts; the symbol comes from a ticker
//                            column (Stooq bulk), else the file name: DA-<SYMBOL>-T-<date>.csv.gz
//                            (the Alpha Vantage dumps), <symbol>.us.txt (Stooq), <SYMBOL>.csv
//   a CSV headed Symbol,Name,Sector   index constituents: names and GICS sectors (constituents.ts).
//                            When a folder is imported, a *constituents*.csv next to it is read too,
//                            so `import …/sp500-daily-adjusted` finds ../sp500-constituents.csv.
//   *.json                   a saved Nasdaq screener answer; the exchange comes from the file name
//                            (nasdaq.json, nyse.json, amex.json)
//   *.txt with '|' columns   a Nasdaq Trader symbol directory file

export type FileKind = 'bars' | 'constituents' | 'screener' | 'directory';

export interface ClassifiedFile {
  path: string;
  kind: FileKind;
}

const readText = (path: string) => {
  const buf = readFileSync(path);
  return (path.endsWith('.gz') ? gunzipSync(buf) : buf).toString('utf8');
};

function walk(path: string, out: string[]) {
  const st = statSync(path);
  if (st.isDirectory()) {
    for (const f of readdirSync(path).sort()) if (!f.startsWith('.')) walk(join(path, f), out);
  } else out.push(path);
}

/** Every importable file under the given paths, with what it holds. */
export function classifyFiles(paths: string[]): { files: ClassifiedFile[]; skipped: string[] } {
  const all: string[] = [];
  for (const p of paths) {
    walk(p, all);
    if (statSync(p).isDirectory()) {
      const parent = dirname(p);
      for (const f of readdirSync(parent)) if (/constituents.*\.csv$/i.test(f)) all.push(join(parent, f));
    }
  }
  const files: ClassifiedFile[] = [];
  const skipped: string[] = [];
  for (const path of [...new Set(all)]) {
    const name = basename(path).toLowerCase().replace(/\.gz$/, '');
    if (name.endsWith('.json')) files.push({ path, kind: 'screener' });
    else if (name.endsWith('.csv') || name.endsWith('.txt')) {
      const head = path.endsWith('.gz') ? '' : readFileSync(path, 'utf8').slice(0, 400).split(/\r?\n/)[0];
      if (head.includes('|')) files.push({ path, kind: 'directory' });
      else if (isConstituentsHeader(head)) files.push({ path, kind: 'constituents' });
      else files.push({ path, kind: 'bars' });
    } else skipped.push(path);
  }
  return { files, skipped };
}

/** The symbol a bars file is about, from its name. */
export function symbolFromFileName(path: string): string | null {
  const name = basename(path).replace(/\.gz$/i, '').replace(/\.(csv|txt)$/i, '');
  const m = /^DA-(.+)-T-\d{4}-\d{2}-\d{2}$/i.exec(name);
  const raw = m ? m[1] : name.replace(/\.us$/i, '');
  const s = normalizeSymbol(raw);
  return s.ok ? s.symbol : null;
}

export function readListingFile(f: ClassifiedFile): ListingBatch {
  try {
    const text = readText(f.path);
    if (f.kind === 'constituents') return parseConstituents(text, f.path);
    if (f.kind === 'directory') return parseSymbolDirectory(text, f.path);
    const name = basename(f.path).toLowerCase().replace(/\.json(\.gz)?$/, '') as keyof typeof SCREENER_EXCHANGES;
    const market = SCREENER_EXCHANGES[name];
    if (!market) return { source: f.path, provider: 'nasdaq-screener', listings: [], problems: ['cannot tell the exchange: name the file nasdaq.json, nyse.json or amex.json'] };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { source: f.path, provider: 'nasdaq-screener', listings: [], problems: ['not valid JSON'] };
    }
    return parseScreener(json, market, f.path);
  } catch (e) {
    return { source: f.path, provider: 'csv', listings: [], problems: [`cannot read: ${(e as Error).message}`] };
  }
}

export function readBarsFile(path: string): BarsItem {
  let text: string;
  try {
    text = readText(path);
  } catch (e) {
    return { source: path, provider: 'csv', symbol: symbolFromFileName(path), bars: null, problems: [`cannot read: ${(e as Error).message}`] };
  }
  const parsed = parseBarsCsv(text);
  const symbol = parsed.symbol ?? symbolFromFileName(path);
  if (!symbol && parsed.bars) return { source: path, provider: 'csv', symbol: null, bars: null, problems: ['cannot tell the symbol from the file name'] };
  return { source: path, provider: 'csv', symbol, bars: parsed.bars, problems: parsed.problems };
}

export function csvProvider(paths: string[]): Provider & { files: ClassifiedFile[]; skipped: string[] } {
  const { files, skipped } = classifyFiles(paths);
  return {
    name: 'csv',
    files,
    skipped,
    async listSymbols() {
      return files.filter((f) => f.kind !== 'bars').map(readListingFile);
    },
    async *dailyBars() {
      for (const f of files) if (f.kind === 'bars') yield readBarsFile(f.path);
    },
  };
}
