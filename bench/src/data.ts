// Bars the benchmarks run on: deterministic synthetic series, and the public reference cases of
// ../shared/goldens read at bench time (never copied into the repository).
import { existsSync, readFileSync } from 'node:fs';
import { allocBars, normalizeTemplate, type DailyBars, type Template, type TemplateInput } from '@app/quant';

export { syntheticBars } from '@app/quant';

/** A public reference case of ../shared/goldens/<kind> (read at bench time, never copied). */
export function referenceCase(name: string, kind = 'backtest'): { bars: DailyBars; input: TemplateInput; template: Template } | null {
  const dir = new URL(`../../../shared/goldens/${kind}/${name}/`, import.meta.url);
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

