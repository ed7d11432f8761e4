import { Link } from 'react-router';
import type { AlertTestResult } from '@app/contract';
import { Badge, Button, Dialog, buttonClass } from '../../../components/index.ts';
import { ALERT_TEXT as T } from '../texts.ts';

export interface AlertTestDialogProps {
  /** the alert's name and its test's answer; null: closed */
  test: { name: string; result: AlertTestResult } | null;
  onClose: () => void;
}

/** What "Send test" did: each channel of the alert, sent or failed, in the server's words. */
export function AlertTestDialog({ test, onClose }: AlertTestDialogProps) {
  return (
    <Dialog
      open={test !== null}
      onClose={onClose}
      title={T.testTitle(test?.name ?? '')}
      description={T.testIntro}
      footer={
        <>
          <Link to="/notifications" className={buttonClass('secondary')}>
            {T.testOpenNotifications}
          </Link>
          <Button onClick={onClose}>{T.close}</Button>
        </>
      }
    >
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="alert-test-channels">
        {test?.result.channels.map((c) => (
          <li key={c.channel} data-channel={c.channel} data-outcome={c.outcome} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2">
            <span className="font-medium text-slate-900 dark:text-white">{T.testChannels[c.channel]}</span>
            <Badge tone={c.outcome === 'sent' ? 'green' : 'red'}>{T.testOutcomes[c.outcome]}</Badge>
            <span className="w-full text-sm break-words text-slate-600 dark:text-slate-400">{c.detail}</span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
