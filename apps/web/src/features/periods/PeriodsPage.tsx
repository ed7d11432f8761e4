import { useState } from 'react';
import type { Period } from '@app/contract';
import { PeriodForm } from './components/PeriodForm.tsx';
import { PeriodList } from './components/PeriodList.tsx';
import { PERIOD_TEXT } from './texts.ts';

/** /stockperiod (spec §2, §4, §5, §8): create, edit ('Update Period', 'Cancel') and delete periods. */
export default function PeriodsPage() {
  const [editing, setEditing] = useState<Period | null>(null);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{PERIOD_TEXT.title}</h1>
        <p className="mt-2 max-w-2xl text-sm text-slate-600 dark:text-slate-400">{PERIOD_TEXT.intro}</p>
      </header>
      <div className="mt-6 space-y-6">
        {/* A new key per mode, so switching between create and edit starts from that period's values. */}
        <PeriodForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
        <PeriodList editingId={editing?.id ?? null} onEdit={setEditing} />
      </div>
    </div>
  );
}
