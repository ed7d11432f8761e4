// The 3-month sparkline of a watchlist row: closes (oldest first) drawn as one SVG path that fills
// the box, the lowest close at the bottom and the highest at the top.

export interface SparklineBox {
  width: number;
  height: number;
  /** room kept at the top and bottom so the stroke is not clipped */
  pad?: number;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The path's `d`, or '' with fewer than two finite closes. A flat series is drawn through the middle. */
export function sparklinePath(closes: readonly number[], { width, height, pad = 1 }: SparklineBox): string {
  const points = closes.filter((c) => Number.isFinite(c));
  if (points.length < 2) return '';
  const lo = Math.min(...points);
  const hi = Math.max(...points);
  const step = width / (points.length - 1);
  const y = (c: number) => (hi === lo ? height / 2 : pad + (1 - (c - lo) / (hi - lo)) * (height - 2 * pad));
  return points.map((c, i) => `${i ? 'L' : 'M'}${round(i * step)} ${round(y(c))}`).join(' ');
}

/** Up, down or flat over the sparkline's span: its colour. */
export function sparklineTrend(closes: readonly number[]): 'up' | 'down' | 'flat' {
  const points = closes.filter((c) => Number.isFinite(c));
  if (points.length < 2) return 'flat';
  const d = points[points.length - 1] - points[0];
  return d > 0 ? 'up' : d < 0 ? 'down' : 'flat';
}
