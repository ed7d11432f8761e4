import { useState } from 'react';
import type { Period } from '@app/contract';
import { Page } from '../../components/index.ts';
import { PeriodForm } from './components/PeriodForm.tsx';
import { PeriodList } from './components/PeriodList.tsx';
import { PERIOD_TEXT } from './texts.ts';

/** /stockperiod (spec §2, §4, §5, §8): create, edit ('Update Period', 'Cancel') and delete periods. */
export default function PeriodsPage() {
  const [editing, setEditing] = useState<Period | null>(null);
  return (
    <Page title={PERIOD_TEXT.title} intro={PERIOD_TEXT.intro} width="5xl">
      <div className="mt-6 space-y-6">
        {/* A new key per mode, so switching between create and edit starts from that period's values. */}
        <PeriodForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
        <PeriodList editingId={editing?.id ?? null} onEdit={setEditing} />
      </div>
    </Page>
  );
}
