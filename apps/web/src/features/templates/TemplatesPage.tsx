import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Card, CardBody, ManyRunLinks, Page } from '../../components/index.ts';
import { readNewTemplateLink } from '../../lib/newTemplateLink.ts';
import { CopyStarterMenu } from './components/CopyStarterMenu.tsx';
import { NewTemplateForm } from './components/NewTemplateForm.tsx';
import { TemplateDetailPanel } from './components/TemplateDetailPanel.tsx';
import { TemplateList } from './components/TemplateList.tsx';
import { TEMPLATE_TEXT } from './texts.ts';

/** /templates (spec §2, §4, §5, §8): create, pick, rename and delete templates; add and delete indicators.
 *  Also: copy a starter strategy, and a new template prefilled by a link (/templates?new=1&stop_loss_pct=…). */
export default function TemplatesPage() {
  const [search, setSearch] = useSearchParams();
  // ?template=ID (the Backtest screen's "change the conditions" link) opens with that template picked.
  const [selected, setSelected] = useState<number | null>(() => Number(search.get('template')) || null);
  const [copied, setCopied] = useState<string | null>(null);
  const prefill = readNewTemplateLink(search);
  const closeNew = () => setSearch({}, { replace: true });
  const select = (id: number) => {
    if (prefill) closeNew();
    setCopied(null);
    setSelected(id);
  };

  return (
    <Page
      title={TEMPLATE_TEXT.title}
      intro={TEMPLATE_TEXT.intro}
      actions={
        <CopyStarterMenu
          onCopied={(t) => {
            select(t.id);
            setCopied(t.name);
          }}
        />
      }
    >
      {copied && (
        <Alert tone="success" className="mt-4" action={<Button variant="ghost" size="sm" onClick={() => setCopied(null)}>Dismiss</Button>}>
          {TEMPLATE_TEXT.copied(copied)}
        </Alert>
      )}
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <TemplateList selected={prefill ? null : selected} onSelect={select} />
        {prefill ? (
          <NewTemplateForm key={search.toString()} values={prefill} onCreated={select} onCancel={closeNew} />
        ) : selected === null ? (
          <Card>
            <CardBody className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">{TEMPLATE_TEXT.pick}</CardBody>
          </Card>
        ) : (
          <div className="space-y-3">
            <TemplateDetailPanel id={selected} onDeleted={() => setSelected(null)} />
            <ManyRunLinks link={{ templateId: selected }} />
          </div>
        )}
      </div>
    </Page>
  );
}
