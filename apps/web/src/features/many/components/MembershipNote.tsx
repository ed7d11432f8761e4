import type { RunFloors } from '@app/contract';
import { Card, CardBody } from '../../../components/index.ts';
import { MEMBERSHIP_TEXT } from '../texts.ts';

/** How the universe as of each day narrowed the run: symbol-days the floors removed and symbols that
 *  were never members (listed on demand). Runs made before these counts existed show nothing. */
export function MembershipNote({ floorsRemoved, neverMembers, floorsOn }: { floorsRemoved?: number; neverMembers?: string[]; floorsOn: boolean }) {
  if (floorsRemoved === undefined && neverMembers === undefined) return null;
  return (
    <Card>
      <CardBody className="space-y-1 text-sm text-slate-700 dark:text-slate-300">
        <p data-testid="floors-removed">{floorsOn ? MEMBERSHIP_TEXT.floorsRemoved(floorsRemoved ?? 0) : MEMBERSHIP_TEXT.noFloors}</p>
        {neverMembers && neverMembers.length > 0 && (
          <details>
            <summary className="cursor-pointer" data-testid="never-members">{MEMBERSHIP_TEXT.neverMembers(neverMembers.length)}</summary>
            <p className="mt-1 font-mono text-xs break-words">{neverMembers.join(', ')}</p>
          </details>
        )}
      </CardBody>
    </Card>
  );
}

/** Whether a run's request had a floor in force. */
export const floorsOn = (f: RunFloors | null | undefined) => !!f && (f.min_price !== null || f.min_dollar_volume !== null);
