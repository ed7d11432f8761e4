// `npm test`: every test of every workspace in one Vitest run (unit, API, browser).
// Extra arguments go to Vitest, e.g. `npm test -- --project quant`.
import { spawnSync, execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const args = process.argv.slice(2);
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
  console.log(`\ntests: ${j.numPassedTests} passed, ${j.numFailedTests} failed, ${skipped} skipped`);
}
rmSync(dir, { recursive: true, force: true });
process.exit(r.status ?? 1);
