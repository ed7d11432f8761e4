import type { ReactNode } from 'react';
import { Card, CardBody } from './Card.tsx';

/** A screen with nothing to show yet: what is missing, a hint, and the next actions (buttons or links). */
export function EmptyState({ title, hint, children }: { title: ReactNode; hint?: ReactNode; children?: ReactNode }) {
  return (
    <Card className="mt-6">
      <CardBody className="py-10 text-center">
        <p className="font-semibold text-slate-900 dark:text-white">{title}</p>
        {hint && <p className="mx-auto mt-1 max-w-md text-sm text-slate-600 dark:text-slate-400">{hint}</p>}
        {children && <div className="mt-4 flex flex-wrap justify-center gap-2">{children}</div>}
      </CardBody>
    </Card>
  );
}
