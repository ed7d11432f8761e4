// `npm test`: every test of every workspace in one Vitest run (unit, API, browser).
// Extra arguments go to Vitest, e.g. `npm test -- --project quant`.
import { spawnSync, execSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';

const args = process.argv.slice(2);
const wantsE2e = !args.includes('--project') || args.some((a, i) => args[i - 1] === '--project' && a === 'e2e');
if (wantsE2e) {
  ensureChromium();
  execSync('node scripts/build-if-stale.mjs', { stdio: 'inherit' });
}
const r = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit' });
process.exit(r.status ?? 1);
