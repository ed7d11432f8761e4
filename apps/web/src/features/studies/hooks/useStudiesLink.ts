import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Period, TemplateListItem } from '@app/contract';
import { readStudiesLink, type RunLink } from '../../../lib/starters.ts';

/** The Backtest screen opened with ?template_id=…&period_id=…(&run=1), as a first backtest opens it:
 *  once both lists are loaded and fresh (the ids were just created), hands the selection to `apply`
 *  if both ids are the user's, and takes it out of the address so a reload does not run it again. */
export function useStudiesLink(templates: UseQueryResult<TemplateListItem[]>, periods: UseQueryResult<Period[]>, apply: (link: RunLink) => void) {
  const [search, setSearch] = useSearchParams();
  const done = useRef(false);
  const ready = templates.isSuccess && periods.isSuccess && !templates.isFetching && !periods.isFetching;

  useEffect(() => {
    if (done.current || !ready) return;
    const link = readStudiesLink(search);
    if (!link) return;
    done.current = true;
    setSearch({}, { replace: true });
    if (templates.data!.some((t) => t.id === link.templateId) && periods.data!.some((p) => p.id === link.periodId)) apply(link);
    // waits for the lists; `apply` is read fresh when they are there
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, search]);
}
