// `npm test`: the lint (eslint.config.js), then every test of every workspace in one Vitest run (unit,
// API, browser). Extra arguments go to Vitest, e.g. `npm test -- --project quant`; a run of chosen
// projects skips the lint (`npx eslint .` runs it alone).
import { spawnSync, execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const args = process.argv.slice(2);
if (!args.includes('--project')) {
  // The house rules first: a lint error fails the run before the tests take their minutes.
  const lint = spawnSync('npx', ['eslint', '.'], { stdio: 'inherit' });
  if (lint.status !== 0) {
    console.log('\nlint: failed (npx eslint . shows the errors)');
    process.exit(lint.status ?? 1);
  }
  console.log('lint: clean');
}
const wantsE2e = !args.includes('--project') || args.some((a, i) => args[i - 1] === '--project' && a === 'e2e');
if (wantsE2e) {
  ensureChromium();
  execSync('node scripts/build-if-stale.mjs', { stdio: 'inherit' });
}
const dir = mkdtempSync(join(tmpdir(), 'vitest-'));
const report = join(dir, 'report.json');
const r = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args], { stdio: 'inherit' });

// One plain closing line with the counts, whatever reporter printed above it.
if (existsSync(report)) {
  const j = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  // Where the minutes go: the ten test files that took longest (wall time of each file).
  const files = (j.testResults ?? [])
    .map((f) => ({ name: f.name.replace(process.cwd() + '/', ''), ms: (f.endTime ?? 0) - (f.startTime ?? 0) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10);
  if (files.length) {
    console.log('\nslowest test files:');
    for (const f of files) console.log(`  ${(f.ms / 1000).toFixed(1).padStart(7)} s  ${f.name}`);
  }
  console.log(`\ntests: ${j.numPassedTests} passed, ${j.numFailedTests} failed, ${skipped} skipped`);
}
rmSync(dir, { recursive: true, force: true });
process.exit(r.status ?? 1);
