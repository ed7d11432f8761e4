// Latencies per route, kept whole (a 20 s run of 50 users is tens of thousands of numbers), and
// percentiles by sorting once at the end: exact, and nothing to tune.

export interface RouteFigures {
  route: string;
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export class Recorder {
  private latencies = new Map<string, number[]>();
  private errorCounts = new Map<string, number>();
  /** A few examples of each error, to print. */
  readonly errorSamples = new Map<string, string[]>();

  record(route: string, ms: number, error?: string) {
    let list = this.latencies.get(route);
    if (!list) this.latencies.set(route, (list = []));
    list.push(ms);
    if (error) {
      this.errorCounts.set(route, (this.errorCounts.get(route) ?? 0) + 1);
      const samples = this.errorSamples.get(route) ?? [];
      if (samples.length < 3) this.errorSamples.set(route, [...samples, error]);
    }
  }

  get totalErrors() {
    return [...this.errorCounts.values()].reduce((a, b) => a + b, 0);
  }

  figures(seconds: number): RouteFigures[] {
    const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
    return [...this.latencies.entries()]
      .map(([route, list]) => {
        const sorted = Float64Array.from(list).sort();
        const s = Array.from(sorted);
        return {
          route,
          requests: s.length,
          errors: this.errorCounts.get(route) ?? 0,
          perSecond: s.length / seconds,
          p50: pct(s, 50),
          p95: pct(s, 95),
          p99: pct(s, 99),
          max: s[s.length - 1],
        };
      })
      .sort((a, b) => b.requests - a.requests);
  }
}

export function formatTable(rows: RouteFigures[]): string {
  const head = ['route', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors'];
  const body = rows.map((r) => [r.route, String(r.requests), r.perSecond.toFixed(1), r.p50.toFixed(1), r.p95.toFixed(1), r.p99.toFixed(1), r.max.toFixed(1), String(r.errors)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), ...body.map(line)].join('\n');
}
