import { Link, useLocation } from 'react-router';
import { Page, textLinkClass } from '../../../components/index.ts';
import type { ManyKind } from '../../../lib/manyLinks.ts';
import { MANY_TEXT } from '../texts.ts';
import { RecentRuns } from './RecentRuns.tsx';
import { RunForm } from './RunForm.tsx';


/** The frame of both screens: the title, a link to the other kind of run; without a run id the form
 *  and the recent runs, with one the run (`children`). */
export function RunFrame({ kind, runId, children }: { kind: ManyKind; runId: number | null; children?: React.ReactNode }) {
  const { search } = useLocation();
  const other: ManyKind = kind === 'universe' ? 'portfolio' : 'universe';
  return (
    <Page
      title={kind === 'universe' ? MANY_TEXT.universeTitle : MANY_TEXT.portfolioTitle}
      intro={kind === 'universe' ? MANY_TEXT.universeIntro : MANY_TEXT.portfolioIntro}
      width="7xl"
      tabTitle
      actions={
        runId === null ? (
          <Link to={`/many/${other}${search}`} className={`text-sm ${textLinkClass}`}>{MANY_TEXT.otherKind[kind]}</Link>
        ) : (
          <Link to={`/many/${kind}`} className={`text-sm ${textLinkClass}`}>{MANY_TEXT.newRun}</Link>
        )
      }
    >
      <div className="mt-6 space-y-6">
        {runId === null ? (
          <>
            <RunForm kind={kind} />
            <RecentRuns kind={kind} />
          </>
        ) : (
          children
        )}
      </div>
    </Page>
  );
}

