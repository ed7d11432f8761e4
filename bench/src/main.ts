import { readdirSync } from 'node:fs';
import { printResults, type BenchSuite } from './report.ts';

// `npm run bench [-- name…]`: runs every suite in ./suites (or those named) and prints each figure
// with its in-run baseline ratio and its budget from ARCHITECTURE.md.
const only = process.argv.slice(2);
const dir = new URL('./suites/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.ts')).sort();
let over = 0;
for (const f of files) {
  const suite: BenchSuite = (await import(new URL(f, dir).href)).default;
  if (only.length && !only.includes(suite.name)) continue;
  const results = await suite.run();
  printResults(suite.name, results);
  over += results.filter((r) => r.budget && (r.budget.better === 'lower' ? r.value > r.budget.limit : r.value < r.budget.limit)).length;
}
console.log(over ? `\n${over} figure(s) over budget` : '\nall figures within budget');
