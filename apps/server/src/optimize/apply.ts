// "Apply to template": a copy of the run's template (as it was when the run started) with one cell's
// values, saved among the user's templates under a name that says which values.
import { EXIT_FIELD_NAMES, IndicatorCreate, paramRows, paramValueWords, type TemplateDetail } from '@app/contract';
import { cellParams, parseGrid } from '@app/quant';

type Row = { name: string; indicator_type: string };
import type { Db } from '../db/index.ts';
import { badRequest } from '../http/errors.ts';
import { addIndicator, createTemplate, getTemplate, listTemplates } from '../backtest/templateRepository.ts';
import { ensureTemplateRoom, freeName } from '../backtest/templateRoom.ts';
import type { OptimizationSpec } from './spec.ts';

export async function applyCell(db: Db, userId: number, spec: OptimizationSpec, index: number): Promise<TemplateDetail> {
  const grid = parseGrid(spec.grid, spec.template);
  if (index >= grid.cells) throw badRequest({ index: [`The grid has ${grid.cells} cells (0 to ${grid.cells - 1}).`] });
  const values = cellParams(grid, index);
  const settings: Record<string, unknown> = { ...spec.template };
  const rows: Record<string, unknown>[] = spec.template.indicators.map((row) => ({ ...row }));
  // the name says which values, in the Optimize screen's words: "(RSI buy period 14, RSI buy level 30)"
  const words = grid.params.map((p, k) => paramValueWords(spec.template.indicators as Row[], p, values[k]));
  grid.params.forEach((p, k) => {
    const at = paramRows(p);
    if (at.length === 0) settings[p.field] = values[k];
    for (const r of at) {
      if (p.field.startsWith('against.')) {
        // a field of the indicator the row compares with ("against.period")
        rows[r].against = { ...(rows[r].against as object), [p.field.slice('against.'.length)]: values[k] };
      } else rows[r][p.field] = values[k];
    }
  });
  await ensureTemplateRoom(db, userId);
  const taken = new Set((await listTemplates(db, userId)).map((t) => t.name));
  const name = freeName(`${spec.request.template_name} (${words.join(', ')})`.slice(0, 100), taken);
  const num = (v: unknown) => (v === undefined || v === null ? null : Number(v));
  const created = await createTemplate(
    db,
    userId,
    name,
    { position_size: Number(settings.position_size), commission: num(settings.commission) ?? 0, cash: num(settings.cash) ?? 10_000 },
    Object.fromEntries(EXIT_FIELD_NAMES.map((f) => [f, num(settings[f])])),
  );
  // the rows as the indicator endpoint stores them: the same rules, the spec's operator symbols
  for (const row of rows) await addIndicator(db, userId, created.id, IndicatorCreate.parse({ ...row, template: created.id }));
  return (await getTemplate(db, userId, created.id))!;
}

