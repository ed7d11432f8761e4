// `npm test`: the lint (eslint.config.js) and every test of every workspace (unit, API, browser).
// Extra arguments go to one Vitest run as they are, e.g. `npm test -- --project quant` (no lint).
//
// With no arguments three lanes run side by side, because the browser journeys run one file at a
// time and mostly wait on a server and a browser, while the unit and API tests keep the cores busy:
//   1. the browser journeys (Chromium installed when missing, the web bundle built when stale),
//   2. the unit and API tests (every project but e2e) on two workers,
//   3. the lint.
// The first lane's and the lint's lines are prefixed with their lane's name. The run fails when any
// lane fails; the end prints the ten slowest files, the tests that passed only on their retry (with
// what failed first) and the counts of both Vitest runs.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), 'vitest-'));

/** Runs a command; with `lane`, its output comes line by line behind the lane's name. Resolves to
 *  its exit status. */
function run(command, commandArgs, lane) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { stdio: lane ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (lane) {
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          for (const line of lines) process.stdout.write(`${lane} │ ${line}\n`);
        });
        stream.on('end', () => rest && process.stdout.write(`${lane} │ ${rest}\n`));
      }
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** A Vitest run whose JSON report lands in `name`.json. */
const vitest = (name, extra, lane) =>
  run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(dir, name + '.json')}`, ...extra], lane);

/** Chromium installed when missing and the web bundle built when stale: what the journeys need. */
async function prepareBrowserTests(lane) {
  for (const script of ['scripts/ensure-chromium.mjs', 'scripts/build-if-stale.mjs']) {
    const status = await run('node', [script], lane);
    if (status !== 0) return status;
  }
  return 0;
}

const lint = () => run('npx', ['eslint', '.'], 'lint');
const lintLine = (status) => console.log(status === 0 ? '\nlint: clean' : '\nlint: failed (npx eslint . shows the errors)');

let statuses;
if (args.length) {
  // a chosen project runs alone; anything else (a file filter, an option) after the lint
  const lintStatus = args.includes('--project') ? 0 : await lint();
  if (!args.includes('--project')) lintLine(lintStatus);
  const wantsE2e = !args.includes('--project') || args.some((a, i) => args[i - 1] === '--project' && a === 'e2e');
  const ready = lintStatus || (wantsE2e ? await prepareBrowserTests() : 0);
  statuses = [ready || (await vitest('all', args))];
} else {
  const [browser, api, lintStatus] = await Promise.all([
    prepareBrowserTests('e2e').then((ready) => ready || vitest('e2e', ['--project', 'e2e'], 'e2e')),
    // two workers beside the browser lane's server and Chromium on a two-core machine
    vitest('api', ['--project', 'quant', '--project', 'contract', '--project', 'server', '--project', 'web', '--maxWorkers=2']),
    lint(),
  ]);
  lintLine(lintStatus);
  statuses = [browser, api, lintStatus];
}

// Where the minutes go, and one plain closing line with the counts, whatever was printed above.
const reports = ['e2e', 'api', 'all'].map((name) => join(dir, name + '.json')).filter(existsSync).map((f) => JSON.parse(readFileSync(f, 'utf8')));
if (reports.length) {
  const results = reports.flatMap((j) => j.testResults ?? []).map((f) => ({ ...f, name: f.name.replace(process.cwd() + '/', '') }));
  const slowest = results
    .map((f) => ({ name: f.name, ms: (f.endTime ?? 0) - (f.startTime ?? 0) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10);
  if (slowest.length) {
    console.log('\nslowest test files:');
    for (const f of slowest) console.log(`  ${(f.ms / 1000).toFixed(1).padStart(7)} s  ${f.name}`);
  }
  // A test that failed once and passed on its retry (the browser journeys have one) is green, but
  // what stalled it is worth a look: a slow machine, or a race the product has.
  const retried = results
    .flatMap((f) => (f.assertionResults ?? []).map((t) => ({ file: f.name, ...t })))
    .filter((t) => t.status === 'passed' && t.failureMessages?.length);
  if (retried.length) {
    console.log('\npassed on a retry (the first try failed):');
    for (const t of retried) console.log(`  ${t.file} › ${t.title}\n      ${t.failureMessages[0].split('\n')[0].slice(0, 200)}`);
  }
  const sum = (key) => reports.reduce((s, j) => s + (j[key] ?? 0), 0);
  console.log(`\ntests: ${sum('numPassedTests')} passed, ${sum('numFailedTests')} failed, ${sum('numPendingTests') + sum('numTodoTests')} skipped`);
}
rmSync(dir, { recursive: true, force: true });
process.exit(statuses.find((s) => s !== 0) ?? 0);
