import type { ReactNode } from 'react';
import { Card, CardBody } from '../../../components/index.ts';

/** The frame of every account screen: centred card with a title, an optional lead and a footer. */
export function AuthCard({ title, lead, children, footer }: { title: string; lead?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Card>
        <CardBody className="p-6 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
          {lead && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{lead}</p>}
          <div className="mt-6">{children}</div>
        </CardBody>
      </Card>
      {footer && <div className="mt-4 text-center text-sm text-slate-600 dark:text-slate-400">{footer}</div>}
    </div>
  );
}
