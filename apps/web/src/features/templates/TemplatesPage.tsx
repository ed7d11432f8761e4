import { useState } from 'react';
import { Card, CardBody } from '../../components/index.ts';
import { TemplateDetailPanel } from './components/TemplateDetailPanel.tsx';
import { TemplateList } from './components/TemplateList.tsx';
import { TEMPLATE_TEXT } from './texts.ts';

/** /templates (spec §2, §4, §5, §8): create, pick, rename and delete templates; add and delete indicators. */
export default function TemplatesPage() {
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{TEMPLATE_TEXT.title}</h1>
        <p className="mt-2 max-w-2xl text-sm text-slate-600 dark:text-slate-400">{TEMPLATE_TEXT.intro}</p>
      </header>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <TemplateList selected={selected} onSelect={setSelected} />
        {selected === null ? (
          <Card>
            <CardBody className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">{TEMPLATE_TEXT.pick}</CardBody>
          </Card>
        ) : (
          <TemplateDetailPanel id={selected} onDeleted={() => setSelected(null)} />
        )}
      </div>
    </div>
  );
}
