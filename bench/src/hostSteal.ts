import { readFileSync } from 'node:fs';

// On a virtual machine the host may run other guests on "our" cores: Linux counts that time as
// steal in /proc/stat. A load test's p95 rests on its slowest few requests, and a minute with a
// fifth of the CPU stolen moved one database's p95 by 2–4× while the other, measured a minute
// earlier, saw a quiet machine. Benchmarks that compare two such runs measure a run again when
// the host took more than a little.

/** Busy + idle and stolen CPU time since boot, over all cores (clock ticks); null without /proc/stat. */
function cpuTicks(): { total: number; steal: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest times are already inside user and nice)
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    return { total, steal: fields[7] ?? 0 };
  } catch {
    return null;
  }
}

/** Runs fn and answers its value and the share of CPU time the host stole meanwhile (null where
 *  the system does not say, e.g. macOS). */
export async function withSteal<T>(fn: () => Promise<T>): Promise<{ value: T; steal: number | null }> {
  const before = cpuTicks();
  const value = await fn();
  const after = cpuTicks();
  if (!before || !after || after.total <= before.total) return { value, steal: null };
  return { value, steal: (after.steal - before.steal) / (after.total - before.total) };
}
