import { useState, type FormEvent } from 'react';
import type { TemplateListItem } from '@app/contract';
import { Alert, Button, Card, CardBody, CardHeader, Input, Loading, cx } from '../../../components/index.ts';
import { useCreateTemplate, useTemplates } from '../api.ts';
import { templateCreateError } from '../errors.ts';
import { TEMPLATE_ERRORS, TEMPLATE_TEXT } from '../texts.ts';

/** The create form and the user's templates; picking one shows it on the right. */
export function TemplateList({ selected, onSelect }: { selected: number | null; onSelect: (id: number) => void }) {
  const templates = useTemplates();
  const create = useCreateTemplate();
  const [name, setName] = useState('');
  const [blank, setBlank] = useState(false);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // Spec §5: a blank name is refused on create and the input flagged.
    if (!name.trim()) {
      setBlank(true);
      return;
    }
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (t) => {
          setName('');
          onSelect(t.id);
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader title={TEMPLATE_TEXT.listTitle} />
      <CardBody className="space-y-4">
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start lg:flex-col lg:items-stretch" aria-label="New template">
          <Input
            aria-label="Template name"
            name="templateName"
            placeholder={TEMPLATE_TEXT.namePlaceholder}
            value={name}
            maxLength={100}
            onChange={(e) => {
              setName(e.target.value);
              setBlank(false);
            }}
            error={blank ? TEMPLATE_TEXT.namePlaceholder : undefined}
            wrapperClassName="flex-1"
          />
          <Button type="submit" loading={create.isPending}>
            {TEMPLATE_TEXT.create}
          </Button>
        </form>
        {create.isError && <Alert tone="error">{templateCreateError(create.error)}</Alert>}

        {templates.isPending ? (
          <Loading />
        ) : templates.isError ? (
          <Alert tone="error" action={<Button size="sm" variant="secondary" onClick={() => templates.refetch()}>Retry</Button>}>
            {TEMPLATE_ERRORS.fetchTemplates}
          </Alert>
        ) : templates.data.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{TEMPLATE_TEXT.empty}</p>
        ) : (
          <ul className="-mx-1 space-y-1" aria-label="Templates">
            {templates.data.map((t: TemplateListItem) => (
              <li key={t.id}>
                <button
                  type="button"
                  onClick={() => onSelect(t.id)}
                  aria-current={t.id === selected ? 'true' : undefined}
                  className={cx(
                    'w-full truncate rounded-md px-3 py-2 text-left text-sm transition-colors',
                    t.id === selected
                      ? 'bg-blue-50 font-semibold text-blue-700 dark:bg-blue-950/60 dark:text-blue-200'
                      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
                  )}
                >
                  {t.name}
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
