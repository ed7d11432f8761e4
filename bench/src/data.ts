// Bars the benchmarks run on: deterministic synthetic series, and the public reference cases of
// ../shared/goldens read at bench time (never copied into the repository).
import { existsSync, readFileSync } from 'node:fs';
import { allocBars, normalizeTemplate, type DailyBars, type Template, type TemplateInput } from '@app/quant';

/** Deterministic random-walk bars (a fixed-seed LCG), weekdays from 2000-01-03. */
export function syntheticBars(n: number, seed: number): DailyBars {
  let s = seed >>> 0 || 1;
  const rand = () => ((s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32);
  const bars: DailyBars = allocBars(n);
  let close = 20 + 80 * rand();
  let day = 10_959; // 2000-01-03, a Monday
  for (let i = 0; i < n; i++) {
    const open = close * (1 + (rand() - 0.5) * 0.01);
    close = Math.max(1, close * (1 + (rand() - 0.5) * 0.04));
    bars.day[i] = day;
    day += day % 7 === 1 ? 3 : 1;
    bars.open[i] = open;
    bars.close[i] = close;
    bars.high[i] = Math.max(open, close) * (1 + rand() * 0.01);
    bars.low[i] = Math.min(open, close) * (1 - rand() * 0.01);
    bars.volume[i] = Math.round(1e5 + rand() * 1e7);
  }
  return bars;
}

/** A public reference case of ../shared/goldens/backtest (read at bench time, never copied). */
export function referenceCase(name: string): { bars: DailyBars; input: TemplateInput; template: Template } | null {
  const dir = new URL(`../../../shared/goldens/backtest/${name}/`, import.meta.url);
  if (!existsSync(dir)) return null;
  const rows = readFileSync(new URL('data.csv', dir), 'utf8').trim().split('\n').slice(1);
  const bars = allocBars(rows.length);
  rows.forEach((row, i) => {
    const [d, o, h, l, c, v] = row.split(',');
    bars.day[i] = Math.round(Date.parse(d) / 86_400_000);
    [bars.open[i], bars.high[i], bars.low[i], bars.close[i], bars.volume[i]] = [+o, +h, +l, +c, +v];
  });
  const input = JSON.parse(readFileSync(new URL('template.json', dir), 'utf8')) as TemplateInput;
  return { bars, input, template: normalizeTemplate(input) };
}

