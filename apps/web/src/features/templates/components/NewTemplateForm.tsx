import type { FormEvent } from 'react';
import { Alert, Button, Card, CardBody, CardHeader } from '../../../components/index.ts';
import type { NewTemplateValues } from '../../../lib/newTemplateLink.ts';
import { useCreateTemplate } from '../api.ts';
import { fieldErrors, templateCreateError } from '../errors.ts';
import { TEMPLATE_TEXT } from '../texts.ts';
import { SettingsFields, useSettingsForm } from './SettingsFields.tsx';
import { TemplateNameInput, useTemplateName } from './TemplateNameField.tsx';

/** A new template with its settings filled in by a link (the calculator's stop and risk): the user
 *  names it, checks the settings and creates it; then it opens like any other. */
export function NewTemplateForm({ values, onCreated, onCancel }: { values: NewTemplateValues; onCreated: (id: number) => void; onCancel: () => void }) {
  const create = useCreateTemplate();
  const name = useTemplateName('');
  const form = useSettingsForm(values, create.error);
  const serverErrors = fieldErrors(create.error);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const valid = form.submit();
    const checked = name.checked();
    if (checked === null || !valid) return;
    create.mutate({ name: checked, ...form.body() }, { onSuccess: (t) => onCreated(t.id) });
  };

  return (
    <Card>
      <CardHeader title={<span className="text-base">{TEMPLATE_TEXT.newTitle}</span>} subtitle={TEMPLATE_TEXT.newFromCalculator} />
      <CardBody>
        <form onSubmit={onSubmit} noValidate aria-label={TEMPLATE_TEXT.newTitle} className="space-y-3">
          <TemplateNameInput field={name} inputName="newName" serverError={serverErrors.name} />
          <SettingsFields form={form} />
          {create.isError && !serverErrors.name && !form.serverNamedAField && <Alert tone="error">{templateCreateError(create.error)}</Alert>}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" size="sm" onClick={onCancel}>
              {TEMPLATE_TEXT.cancel}
            </Button>
            <Button type="submit" size="sm" loading={create.isPending}>
              {TEMPLATE_TEXT.newCreate}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
