import type { IChartApi, ISeriesApi, SeriesType, Time } from 'lightweight-charts';

// A chart's text alternative: the last value of each of its series, as a screen reader reads it in
// place of the canvas (the legend a sighted trader reads on the chart).

/** One series' last point, its numbers already formatted as the chart's axis shows them. */
export type LastPoint = { name: string } & ({ value: string } | { open: string; high: string; low: string; close: string });

/** A chart time as a day: Unix seconds, a business day string or object. */
export function chartDay(time: Time): string {
  if (typeof time === 'number') return new Date(time * 1000).toISOString().slice(0, 10);
  if (typeof time === 'string') return time;
  return `${time.year}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;
}

/** "Last values, 2024-12-31: AAPL open 10.00, high 11.00, low 9.50, close 10.50; RSI 14 55.20." */
export function lastValuesText(points: readonly LastPoint[], day: string | null): string {
  if (points.length === 0) return 'No data.';
  const parts = points.map((p) => ('close' in p ? `${p.name} open ${p.open}, high ${p.high}, low ${p.low}, close ${p.close}` : `${p.name} ${p.value}`));
  return `Last values${day ? `, ${day}` : ''}: ${parts.join('; ')}.`;
}

type AnySeries = ISeriesApi<SeriesType>;

/** Reads every series of `chart`, pane by pane, as a LastPoint: its title (or its name in `names`;
 *  a series with neither is a drawing aid and left out) and its last point with a value. */
export function lastPointsOf(chart: IChartApi, names: ReadonlyMap<AnySeries, string> = new Map()): { points: LastPoint[]; day: string | null } {
  const points: LastPoint[] = [];
  let latest: Time | null = null;
  for (const pane of chart.panes()) {
    for (const series of pane.getSeries()) {
      const name = series.options().title || names.get(series);
      if (!name) continue;
      const rows = series.data();
      let last = rows.length - 1;
      while (last >= 0 && !('value' in rows[last]) && !('close' in rows[last])) last--; // whitespace points
      if (last < 0) continue;
      const row = rows[last] as { time: Time; value?: number; open?: number; high?: number; low?: number; close?: number };
      const f = (v: number) => series.priceFormatter().format(v);
      if (latest === null || chartDay(row.time) > chartDay(latest)) latest = row.time;
      points.push(row.close !== undefined ? { name, open: f(row.open!), high: f(row.high!), low: f(row.low!), close: f(row.close) } : { name, value: f(row.value!) });
    }
  }
  return { points, day: latest === null ? null : chartDay(latest) };
}

/** The text alternative of `chart` as it is drawn now. */
export function chartText(chart: IChartApi, names?: ReadonlyMap<AnySeries, string>): string {
  const { points, day } = lastPointsOf(chart, names);
  return lastValuesText(points, day);
}
