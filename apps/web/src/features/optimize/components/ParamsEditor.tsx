import type { TemplateDetail } from '@app/contract';
import { Button, CloseIcon, Input, Select, cx } from '../../../components/index.ts';
import { cellCount, draftKeys, draftParam, draftValues, linkableRows, newDraft, paramChoices, paramKey, paramLabel, rowLabel, showValue, type ParamDraft } from '../grid.ts';
import { OPTIMIZE_TEXT as T } from '../texts.ts';

interface Props {
  template: TemplateDetail;
  drafts: ParamDraft[];
  onChange: (drafts: ParamDraft[]) => void;
  /** walk-forward folds, for the cell-run limit; null for a plain grid */
  folds: number | null;
  /** a search's budget (its space may pass the grid's limit); null for a grid */
  searchBudget?: number | null;
}

/** The parameters to vary: one line each (a range or a list of values, with how many), a picker to
 *  add another, and the grid's cell count as the user types, with the limit's message. */
export function ParamsEditor({ template, drafts, onChange, folds, searchBudget = null }: Props) {
  const choices = paramChoices(template);
  const taken = new Set(drafts.flatMap(draftKeys));
  const count = cellCount(drafts, folds, searchBudget);
  const rows = template.indicators;

  const add = (key: string) => {
    const c = choices.find((o) => paramKey(o) === key);
    if (c && drafts.length < 6) onChange([...drafts, newDraft(template, c.row, c.field)]);
  };
  const update = (k: number, patch: Partial<ParamDraft>) => onChange(drafts.map((d, i) => (i === k ? { ...d, ...patch } : d)));

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-900 dark:text-slate-100">{T.paramsTitle}</legend>
      <p className="text-xs text-slate-500 dark:text-slate-400">{T.paramsHint}</p>
      {drafts.length === 0 && <p className="text-sm text-slate-500 italic dark:text-slate-400">{T.noParams}</p>}
      <ul className="space-y-3">
        {drafts.map((d, k) => {
          const parsed = draftValues(d);
          const label = paramLabel(rows, draftParam(d));
          const linkable = linkableRows(template, d);
          return (
            <li key={paramKey(d)} data-testid="param" className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
              <div className="flex items-center justify-between gap-2">
                <span className="text-sm font-medium text-slate-900 dark:text-slate-100">{label}</span>
                <span className="flex items-center gap-2">
                  <span className={cx('text-xs tabular-nums', parsed.error ? 'text-red-600 dark:text-red-400' : 'text-slate-500 dark:text-slate-400')}>
                    {parsed.error ?? `${parsed.values.length} value${parsed.values.length === 1 ? '' : 's'}`}
                  </span>
                  <Button size="icon" variant="ghost" aria-label={`${T.remove} ${label}`} onClick={() => onChange(drafts.filter((_, i) => i !== k))}>
                    <CloseIcon className="size-4" />
                  </Button>
                </span>
              </div>
              <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-[9rem_1fr_1fr_1fr]">
                <Select
                  label={T.mode}
                  wrapperClassName="col-span-3 sm:col-span-1"
                  value={d.mode}
                  aria-label={`${label}: ${T.mode}`}
                  options={[
                    { value: 'range', label: T.range },
                    { value: 'list', label: T.list },
                  ]}
                  onChange={(e) => {
                    const mode = e.target.value as ParamDraft['mode'];
                    // a list starts from the range's values, so switching keeps what was there
                    const list = mode === 'list' && d.list === '' && parsed.values ? parsed.values.map((v) => showValue(d, v)).join(', ') : d.list;
                    update(k, { mode, list });
                  }}
                />
                {d.mode === 'range' ? (
                  <>
                    <Input label={T.start} inputMode="decimal" value={d.start} aria-label={`${label}: ${T.start}`} onChange={(e) => update(k, { start: e.target.value })} />
                    <Input label={T.stop} inputMode="decimal" value={d.stop} aria-label={`${label}: ${T.stop}`} onChange={(e) => update(k, { stop: e.target.value })} />
                    <Input label={T.step} inputMode="decimal" value={d.step} aria-label={`${label}: ${T.step}`} onChange={(e) => update(k, { step: e.target.value })} />
                  </>
                ) : (
                  <Input
                    label={T.values}
                    wrapperClassName="col-span-3"
                    value={d.list}
                    placeholder="10, 14, 20"
                    aria-label={`${label}: ${T.values}`}
                    onChange={(e) => update(k, { list: e.target.value })}
                  />
                )}
              </div>
              {linkable.length > 0 && (
                <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400" data-testid="linked-rows">
                  <span>{T.linkedTitle}</span>
                  {linkable.map((r) => {
                    const on = d.linked?.includes(r) ?? false;
                    const key = paramKey({ row: r, field: d.field });
                    return (
                      <label key={r} className="inline-flex items-center gap-1">
                        <input
                          type="checkbox"
                          checked={on}
                          disabled={!on && taken.has(key)}
                          onChange={() => update(k, { linked: on ? d.linked!.filter((x) => x !== r) : [...(d.linked ?? []), r].sort((a, b) => a - b) })}
                        />
                        {rowLabel(rows, r)}
                      </label>
                    );
                  })}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Select
          label={T.addParam}
          value=""
          placeholder={T.pickParam}
          wrapperClassName="w-full sm:w-72"
          disabled={drafts.length >= 6}
          onChange={(e) => e.target.value && add(e.target.value)}
        >
          {rows.length > 0 && (
            <optgroup label="Indicator rows">
              {choices.filter((c) => c.row !== null).map((c) => (
                <option key={paramKey(c)} value={paramKey(c)} disabled={taken.has(paramKey(c))}>{c.label}</option>
              ))}
            </optgroup>
          )}
          <optgroup label="Exits">
            {choices.filter((c) => c.row === null).map((c) => (
              <option key={paramKey(c)} value={paramKey(c)} disabled={taken.has(paramKey(c))}>{c.label}</option>
            ))}
          </optgroup>
        </Select>
        <p aria-live="polite" data-testid="cell-count" className={cx('text-sm font-medium tabular-nums', count.error ? 'text-red-600 dark:text-red-400' : 'text-slate-700 dark:text-slate-300')}>
          {count.error ?? (count.cells === null ? '' : T.cells(count.cells.toLocaleString('en-US')))}
        </p>
      </div>
    </fieldset>
  );
}
