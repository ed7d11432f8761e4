import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import cliProgress from 'cli-progress';
import { loadConfig } from '../config.ts';
import { DataDirInUseError, openDb, type Db } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import { csvProvider } from '../market/providers/csvFiles.ts';
import { runImport, type ImportOptions } from '../market/importer/runImport.ts';
import { runUpdate } from '../market/importer/update.ts';
import { marketStatus } from '../market/importer/status.ts';

const USAGE = `Usage: npm run data -- <command>
  import <dir|file>… [--create-unknown]   daily bars (CSV, .csv.gz: plain, Alpha Vantage, Stooq, Yahoo),
                                          index constituents, Nasdaq screener JSON, Nasdaq Trader files
  update [--all] [--symbols A,B]          every provider in MARKET_PROVIDERS (bars and fundamentals for
                                          symbols that have bars; --all: every listed equity)
  status                                  what the database holds and the last imports

Every source is checked before anything is written, then everything is written in one transaction:
a rejected file, Ctrl-C or a crash changes nothing; a second run with the same input changes nothing.
The server reloads changed symbols within a minute (on the embedded database, a command started
while the server runs uses the server's database).`;

function progress(): Pick<ImportOptions, 'onProgress'> & { stop(): void } {
  if (!process.stderr.isTTY) return { stop() {} };
  const bar = new cliProgress.SingleBar(
    { format: ' {bar} {value}/{total} {label}', stream: process.stderr, hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    onProgress(done, total, label) {
      if (!started) {
        bar.start(total, 0, { label });
        started = true;
      }
      bar.setTotal(total);
      bar.update(done, { label });
    },
    stop: () => started && bar.stop(),
  };
}

export async function main(argv: string[], log: (s: string) => void = console.log): Promise<number> {
  const [command, ...rest] = argv;
  const flags = new Set(rest.filter((a) => a.startsWith('--')));
  const args = rest.filter((a, i) => !a.startsWith('--') && rest[i - 1] !== '--symbols');
  if (!command || command === 'help' || command === '--help' || !['import', 'update', 'status'].includes(command)) {
    log(USAGE);
    return command && !['help', '--help'].includes(command) ? 2 : 0;
  }
  if (command === 'import' && !args.length) {
    log('import needs a folder or file.\n\n' + USAGE);
    return 2;
  }
  const config = loadConfig();
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  let db: Db;
  try {
    db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (e) {
    if (!(e instanceof DataDirInUseError)) throw e;
    log(`error: ${e.message}`);
    return 2;
  }
  const signal = { stopped: false };
  const onSigint = () => {
    if (signal.stopped) process.exit(130);
    signal.stopped = true;
    process.stderr.write('\nStopping: nothing of this import will be written (Ctrl-C again to quit now)…\n');
  };
  process.on('SIGINT', onSigint);
  const bar = progress();
  try {
    await migrate(db);
    if (command === 'status') {
      log(await marketStatus(db));
      return 0;
    }
    let report;
    if (command === 'import') {
      const paths = args.map((a) => resolve(a));
      const provider = csvProvider(paths);
      for (const s of provider.skipped) log(`skipped (not a data file): ${s}`);
      report = await runImport(db, [provider], {
        command: 'import',
        sources: paths.join(' '),
        createUnknown: flags.has('--create-unknown'),
        total: provider.files.filter((f) => f.kind === 'bars').length,
        onProgress: bar.onProgress,
        onWriting: (w) =>
          log(`checked: writing ${w.listings} listings, ${w.bars} symbols' bars, ${w.fundamentals} symbols' fundamentals in one transaction` +
            (w.demoReplaced ? ` (replacing the ${w.demoReplaced} demo listings)` : '') + '…'),
        signal,
      });
    } else {
      const i = rest.indexOf('--symbols');
      const symbols = i >= 0 ? (rest[i + 1] ?? '').split(',').map((s) => s.trim().toUpperCase()).filter(Boolean) : undefined;
      report = await runUpdate(db, config, { symbols, all: flags.has('--all'), onProgress: bar.onProgress, signal });
    }
    bar.stop();
    log(report.format());
    return report.interrupted ? 130 : 0;
  } catch (e) {
    bar.stop();
    log(`error: ${(e as Error).message}`);
    return 1;
  } finally {
    process.off('SIGINT', onSigint);
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main(process.argv.slice(2));
