// "Apply to template": a copy of the run's template (as it was when the run started) with one cell's
// values, saved among the user's templates under a name that says which values.
import { EXIT_FIELD_NAMES, gridParamProblem, IndicatorCreate, paramRows, paramValueWords, type GridRow, type TemplateDetail } from '@app/contract';
import { cellParams, MAX_GRID_CELLS, MAX_SEARCH_CELLS, parseGrid } from '@app/quant';

type Row = { name: string; indicator_type: string };
import type { Db } from '../db/index.ts';
import { badRequest } from '../http/errors.ts';
import { addIndicator, createTemplate, getTemplate, listTemplates } from '../backtest/templateRepository.ts';
import { ensureTemplateRoom, freeName } from '../backtest/templateRoom.ts';
import { withUserLock } from '../db/userLock.ts';
import type { OptimizationSpec } from './spec.ts';

export async function applyCell(db: Db, userId: number, spec: OptimizationSpec, index: number): Promise<TemplateDetail> {
  // a run started before its grid's fields were checked against the rows' indicators
  const problems = spec.grid.params.map((p, k) => gridParamProblem(spec.template.indicators as GridRow[], p, k)).filter((m) => m !== null);
  if (problems.length) throw badRequest({ non_field_errors: [`This run cannot be applied to a template: ${problems.join('; ')}.`] });
  const grid = parseGrid(spec.grid, spec.template, { maxCells: spec.request.method === 'search' ? MAX_SEARCH_CELLS : MAX_GRID_CELLS });
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
  // every row is checked before the copy is made, so a row the indicator endpoint would refuse is a
  // 400 naming the cell, never a half-made template or a 500
  const parsed = rows.map((row) => IndicatorCreate.safeParse({ ...row, template: 1 }));
  const bad = parsed.findIndex((r) => !r.success);
  if (bad >= 0) {
    const issue = parsed[bad].error!.issues[0];
    throw badRequest({ index: [`Cell ${index} makes row ${bad} invalid (${issue.path.join('.')}: ${issue.message}).`] });
  }
  // the room, the free name and the copy with its rows in one transaction under the user's lock
  return withUserLock(db, 'templates', userId, async (t) => {
    await ensureTemplateRoom(t, userId);
    const taken = new Set((await listTemplates(t, userId)).map((x) => x.name));
    const name = freeName(`${spec.request.template_name} (${words.join(', ')})`.slice(0, 100), taken);
    const num = (v: unknown) => (v === undefined || v === null ? null : Number(v));
    const created = await createTemplate(
      t,
      userId,
      name,
      { position_size: Number(settings.position_size), commission: num(settings.commission) ?? 0, cash: num(settings.cash) ?? 10_000 },
      Object.fromEntries(EXIT_FIELD_NAMES.map((f) => [f, num(settings[f])])),
    );
    // the rows as the indicator endpoint stores them: the same rules, the spec's operator symbols
    for (const row of rows) await addIndicator(t, userId, created.id, IndicatorCreate.parse({ ...row, template: created.id }));
    return (await getTemplate(t, userId, created.id))!;
  });
}

