import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DEFAULT_CASH, DEFAULT_COMMISSION, EXIT_FIELD_NAMES, exitValueText, fractionToPercent, LIMIT_MESSAGES, TEMPLATE_EXITS, USER_LIMITS, type Indicator, type TemplateDetail } from '@app/contract';
import { Alert, Button, Card, CardBody, CardHeader, Dialog, Loading } from '../../../components/index.ts';
import { useCreateIndicator, useDeleteIndicator, useDeleteTemplate, useMoveIndicator, useTemplate, useUpdateTemplate } from '../api.ts';
import { fieldErrors } from '../errors.ts';
import { TEMPLATE_ERRORS, TEMPLATE_TEXT } from '../texts.ts';
import { IndicatorForm, type RowPlace } from './IndicatorForm.tsx';
import { IndicatorList, type RowActions } from './IndicatorList.tsx';
import { rowFields, sideOfRows, type TemplateSide } from '../rowBuilder.ts';
import { SettingsFields, useSettingsForm } from './SettingsFields.tsx';
import { TemplateNameInput, useTemplateName } from './TemplateNameField.tsx';

/** Focuses a row's button (`data-action`), or its Edit button where that one is disabled now (a row
 *  moved to the top has no Move up). */
function focusRowControl({ id, action }: { id: number; action: string }) {
  const row = document.querySelector(`[data-row="${id}"]`);
  const target = row?.querySelector<HTMLButtonElement>(`[data-action="${action}"]:not([disabled])`) ?? row?.querySelector<HTMLButtonElement>('[data-action="edit"]');
  target?.focus();
}

const sizeText = (s: number) => (s < 1 ? `${+(s * 100).toFixed(2)}% of equity` : `${s.toLocaleString('en-US')} shares`);
const cashText = (c: number) => `$${c.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
/** "Position size: 99% of equity · Commission: 0.1% · Cash: $10,000", then the exits and costs used:
 *  " · Stop-loss: 5 % · Risk per trade: 1 %". */
const settingsText = (t: TemplateDetail) =>
  [
    `${TEMPLATE_TEXT.positionSize}: ${sizeText(t.position_size)}`,
    `${TEMPLATE_TEXT.commission}: ${fractionToPercent(t.commission ?? DEFAULT_COMMISSION)}%`,
    `${TEMPLATE_TEXT.cash}: ${cashText(t.cash ?? DEFAULT_CASH)}`,
    ...EXIT_FIELD_NAMES.filter((f) => t[f] != null).map((f) => `${TEMPLATE_EXITS[f].label}: ${exitValueText(f, t[f]!)}`),
  ].join(' · ');

/** The picked template: view or edit mode (spec §4), its rows by side and block: add (to a block, or
 *  as a new OR block), edit in place, duplicate, move and delete. */
export function TemplateDetailPanel({ id, onDeleted }: { id: number; onDeleted: () => void }) {
  const detail = useTemplate(id);
  if (detail.isPending) return <Card><Loading /></Card>;
  if (detail.isError)
    return (
      <Alert tone="error" action={<Button size="sm" variant="secondary" onClick={() => detail.refetch()}>Retry</Button>}>
        {TEMPLATE_ERRORS.fetchDetails}
      </Alert>
    );
  return <TemplateView key={detail.data.id} template={detail.data} onDeleted={onDeleted} />;
}

function TemplateView({ template, onDeleted }: { template: TemplateDetail; onDeleted: () => void }) {
  const [editing, setEditing] = useState(false);
  // the row dialog: closed, adding (at a place, or the side's first block), or editing a row
  const [form, setForm] = useState<{ place?: RowPlace; editing?: Indicator } | null>(null);
  // after a move the row is drawn in its new place (which takes the focus off it): the keyboard
  // goes back to the control that moved it, once the new order is drawn
  const refocus = useRef<{ id: number; action: string; at: number } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // A template with rows is long or short by its rows; an empty one by the user's choice.
  const rowsSide = sideOfRows(template.indicators);
  const [chosenSide, setChosenSide] = useState<TemplateSide>('long');
  const side = rowsSide ?? chosenSide;
  const remove = useDeleteTemplate();
  const deleteIndicator = useDeleteIndicator();
  const duplicate = useCreateIndicator();
  const move = useMoveIndicator();

  // The server refuses more rows than this (USER_LIMITS, shared with it); say so before the form is opened.
  const full = template.indicators.length >= USER_LIMITS.indicatorsPerTemplate;
  const actions: RowActions = {
    onAdd: (place) => setForm({ place }),
    onEdit: (i) => setForm({ editing: i }),
    onDuplicate: (i) => duplicate.mutate({ template: template.id, ...rowFields(i) }),
    onMove: (i, body) =>
      move.mutate({ row: i, body }, {
        onSuccess: () => {
          refocus.current = { id: i.id, action: 'direction' in body ? body.direction : 'edit', at: Date.now() };
          requestAnimationFrame(() => refocus.current && focusRowControl(refocus.current));
        },
      }),
    onDelete: (i) => deleteIndicator.mutate(i),
  };
  useEffect(() => {
    const r = refocus.current;
    if (r && Date.now() - r.at < 2000) focusRowControl(r);
    refocus.current = null;
  }, [template.indicators]);

  return (
    <Card>
      {editing ? (
        <EditHeader template={template} onDone={() => setEditing(false)} />
      ) : (
        <CardHeader
          title={<span data-testid="template-name" className="text-base">{template.name}</span>}
          subtitle={<span data-testid="template-settings">{settingsText(template)}</span>}
          actions={
            <>
              <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
                {TEMPLATE_TEXT.edit}
              </Button>
              <Button size="sm" variant="danger" onClick={() => setConfirmDelete(true)}>
                {TEMPLATE_TEXT.delete}
              </Button>
            </>
          }
        />
      )}
      <CardBody className="space-y-3">
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-300">Indicators</h3>
          <Button size="sm" onClick={() => setForm({})} disabled={full}>
            + {TEMPLATE_TEXT.addIndicator}
          </Button>
        </div>
        <SideChoice side={side} locked={rowsSide !== null} onChange={setChosenSide} />
        {full && <Alert tone="info">{LIMIT_MESSAGES.indicatorsPerTemplate}</Alert>}
        {deleteIndicator.isError && <Alert tone="error">{TEMPLATE_ERRORS.deleteIndicator}</Alert>}
        {duplicate.isError && <Alert tone="error">{TEMPLATE_ERRORS.addIndicator}</Alert>}
        {move.isError && <Alert tone="error">{TEMPLATE_ERRORS.moveIndicator}</Alert>}
        {remove.isError && <Alert tone="error">{TEMPLATE_ERRORS.delete}</Alert>}
        <IndicatorList
          indicators={template.indicators}
          side={side}
          full={full}
          busy={move.isPending || duplicate.isPending}
          deleting={deleteIndicator.isPending ? (deleteIndicator.variables?.id ?? null) : null}
          actions={actions}
        />
      </CardBody>

      <Dialog
        open={form !== null}
        onClose={() => setForm(null)}
        title={form?.editing ? TEMPLATE_TEXT.editFormTitle : TEMPLATE_TEXT.indicatorFormTitle}
        description={form?.editing ? `In "${template.name}"` : `To "${template.name}"`}
      >
        {form && (
          <IndicatorForm
            templateId={template.id}
            side={side}
            rows={template.indicators}
            place={form.place}
            editing={form.editing}
            onDone={() => setForm(null)}
            onCancel={() => setForm(null)}
          />
        )}
      </Dialog>

      <Dialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title="Delete template"
        description={TEMPLATE_TEXT.deleteConfirm(template.name)}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
              {TEMPLATE_TEXT.cancel}
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(template.id, {
                  onSuccess: () => onDeleted(),
                  onSettled: () => setConfirmDelete(false),
                })
              }
            >
              {TEMPLATE_TEXT.delete}
            </Button>
          </>
        }
      />
    </Card>
  );
}

/** Edit mode: the name, the trading settings (position size, commission in %, starting cash in $) and
 *  the exits and costs as inputs; Save returns to view mode. */
function EditHeader({ template, onDone }: { template: TemplateDetail; onDone: () => void }) {
  const update = useUpdateTemplate();
  const name = useTemplateName(template.name);
  const form = useSettingsForm(template, update.error);
  const serverErrors = fieldErrors(update.error);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const valid = form.submit();
    const checked = name.checked();
    if (checked === null || !valid) return;
    update.mutate({ id: template.id, body: { name: checked, ...form.body() } }, { onSuccess: onDone });
  };

  const knownServerError = serverErrors.name !== undefined || form.serverNamedAField;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit template" className="space-y-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
      <TemplateNameInput field={name} inputName="editName" serverError={serverErrors.name} />
      <SettingsFields form={form} />
      {update.isError && !knownServerError && <Alert tone="error">{TEMPLATE_ERRORS.update}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onDone}>
          {TEMPLATE_TEXT.cancel}
        </Button>
        <Button type="submit" size="sm" loading={update.isPending}>
          {TEMPLATE_TEXT.save}
        </Button>
      </div>
    </form>
  );
}

/** Long or Short: which sides the rows take ("Buy when / Sell when" or "Short when / Cover when").
 *  Fixed once the template has rows, since a template is never both. */
function SideChoice({ side, locked, onChange }: { side: TemplateSide; locked: boolean; onChange: (s: TemplateSide) => void }) {
  return (
    <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" aria-label={TEMPLATE_TEXT.sideChoice}>
      <legend className="sr-only">{TEMPLATE_TEXT.sideChoice}</legend>
      <span className="text-slate-600 dark:text-slate-400" aria-hidden="true">{TEMPLATE_TEXT.sideChoice}</span>
      {(['long', 'short'] as const).map((s) => (
        <label key={s} className="inline-flex min-h-10 items-center gap-1.5">
          <input type="radio" name="template-side" value={s} checked={side === s} disabled={locked} onChange={() => onChange(s)} />
          {s === 'long' ? TEMPLATE_TEXT.long : TEMPLATE_TEXT.short}
        </label>
      ))}
      {locked && <span className="text-xs text-slate-500 dark:text-slate-400">{TEMPLATE_TEXT.sideLocked}</span>}
    </fieldset>
  );
}
