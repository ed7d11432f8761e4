import { useState, type FormEvent } from 'react';
import {
  DEFAULT_CASH,
  DEFAULT_COMMISSION,
  DEFAULT_POSITION_SIZE,
  fractionToPercent,
  percentToFraction,
  templateSettingsErrors,
  toNumber,
  type Indicator,
  type TemplateDetail,
  type TemplateSettingsForm,
} from '@app/contract';
import { Alert, Button, Card, CardBody, CardHeader, Dialog, Input, Loading } from '../../../components/index.ts';
import { useDeleteIndicator, useDeleteTemplate, useTemplate, useUpdateTemplate } from '../api.ts';
import { fieldErrors } from '../errors.ts';
import { TEMPLATE_ERRORS, TEMPLATE_TEXT } from '../texts.ts';
import { IndicatorForm } from './IndicatorForm.tsx';
import { IndicatorList } from './IndicatorList.tsx';

const sizeText = (s: number) => (s < 1 ? `${+(s * 100).toFixed(2)}% of equity` : `${s.toLocaleString('en-US')} shares`);
const cashText = (c: number) => `$${c.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
/** "Position size: 99% of equity · Commission: 0.1% · Cash: $10,000" */
const settingsText = (t: TemplateDetail) =>
  [
    `${TEMPLATE_TEXT.positionSize}: ${sizeText(t.position_size)}`,
    `${TEMPLATE_TEXT.commission}: ${fractionToPercent(t.commission ?? DEFAULT_COMMISSION)}%`,
    `${TEMPLATE_TEXT.cash}: ${cashText(t.cash ?? DEFAULT_CASH)}`,
  ].join(' · ');

/** The picked template: view or edit mode (spec §4), its indicators, add and delete. */
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
  const [adding, setAdding] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useDeleteTemplate();
  const deleteIndicator = useDeleteIndicator();

  const onDeleteIndicator = (i: Indicator) => deleteIndicator.mutate(i);

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
          <Button size="sm" onClick={() => setAdding(true)}>
            + {TEMPLATE_TEXT.addIndicator}
          </Button>
        </div>
        {deleteIndicator.isError && <Alert tone="error">{TEMPLATE_ERRORS.deleteIndicator}</Alert>}
        {remove.isError && <Alert tone="error">{TEMPLATE_ERRORS.delete}</Alert>}
        <IndicatorList indicators={template.indicators} onDelete={onDeleteIndicator} deleting={deleteIndicator.isPending ? (deleteIndicator.variables?.id ?? null) : null} />
      </CardBody>

      <Dialog open={adding} onClose={() => setAdding(false)} title={TEMPLATE_TEXT.indicatorFormTitle} description={`To "${template.name}"`}>
        {adding && <IndicatorForm templateId={template.id} onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />}
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

/** Edit mode: the name and the trading settings (position size, commission in %, starting cash in $)
 *  as inputs; Save returns to view mode. */
function EditHeader({ template, onDone }: { template: TemplateDetail; onDone: () => void }) {
  const update = useUpdateTemplate();
  const [name, setName] = useState(template.name);
  const [settings, setSettings] = useState<TemplateSettingsForm>({
    position_size: String(template.position_size ?? DEFAULT_POSITION_SIZE),
    commission_percent: String(fractionToPercent(template.commission ?? DEFAULT_COMMISSION)),
    cash: String(template.cash ?? DEFAULT_CASH),
  });
  const [blank, setBlank] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<keyof TemplateSettingsForm, boolean>>>({});
  const errors = templateSettingsErrors(settings);
  const serverErrors = fieldErrors(update.error);
  const errorOf = (field: keyof TemplateSettingsForm, serverField: string) =>
    (touched[field] || submitted ? errors[field] : undefined) ?? serverErrors[serverField];
  const set = (field: keyof TemplateSettingsForm) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setSettings((s) => ({ ...s, [field]: e.target.value }));
    setTouched((t) => ({ ...t, [field]: true }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const blankName = !name.trim();
    setBlank(blankName);
    if (blankName || Object.keys(errors).length > 0) return;
    const body = {
      name: name.trim(),
      position_size: toNumber(settings.position_size)!,
      commission: percentToFraction(toNumber(settings.commission_percent)!),
      cash: toNumber(settings.cash)!,
    };
    update.mutate({ id: template.id, body }, { onSuccess: onDone });
  };

  const knownServerError = ['name', 'position_size', 'commission', 'cash'].some((k) => serverErrors[k]);
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit template" className="space-y-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
      <Input
        label="Name"
        name="editName"
        value={name}
        maxLength={100}
        placeholder={TEMPLATE_TEXT.namePlaceholder}
        onChange={(e) => {
          setName(e.target.value);
          setBlank(false);
        }}
        error={blank ? TEMPLATE_TEXT.namePlaceholder : serverErrors.name}
        autoFocus
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <Input
          label={TEMPLATE_TEXT.positionSize}
          name="positionSize"
          inputMode="decimal"
          value={settings.position_size}
          onChange={set('position_size')}
          error={errorOf('position_size', 'position_size')}
          hint={TEMPLATE_TEXT.positionSizeHint}
          className="tabular-nums"
        />
        <Input
          label={`${TEMPLATE_TEXT.commission} (%)`}
          name="commission"
          inputMode="decimal"
          value={settings.commission_percent}
          onChange={set('commission_percent')}
          error={errorOf('commission_percent', 'commission')}
          hint={TEMPLATE_TEXT.commissionHint}
          className="tabular-nums"
        />
        <Input
          label={`${TEMPLATE_TEXT.cash} ($)`}
          name="cash"
          inputMode="decimal"
          value={settings.cash}
          onChange={set('cash')}
          error={errorOf('cash', 'cash')}
          hint={TEMPLATE_TEXT.cashHint}
          className="tabular-nums"
        />
      </div>
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
