import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Period, TemplateListItem } from '@app/contract';
import { readStudiesLink, type RunLink } from '../../../lib/starters.ts';

const keyOf = (link: RunLink | null) => (link ? `${link.templateId}:${link.periodId}:${link.run ? 1 : 0}` : '');

/** The Backtest screen's address, ?template_id=…&period_id=…(&run=1): with run=1 it is a result's
 *  address (Run writes it; a first backtest and other screens link to it), so a reload, a bookmark,
 *  a shared link and Back/Forward show that result again. Once both lists are loaded and fresh (the
 *  ids may just have been created), hands every new address to `apply`, with whether both ids are
 *  among the user's; null when the address names no selection (Back to the bare screen). */
export function useStudiesLink(templates: UseQueryResult<TemplateListItem[]>, periods: UseQueryResult<Period[]>, apply: (link: RunLink | null, known: boolean) => void) {
  const [search] = useSearchParams();
  const shown = useRef('');
  const ready = templates.isSuccess && periods.isSuccess && !templates.isFetching && !periods.isFetching;

  useEffect(() => {
    if (!ready) return;
    const link = readStudiesLink(search);
    const key = keyOf(link);
    if (key === shown.current) return;
    shown.current = key;
    apply(link, !!link && templates.data!.some((t) => t.id === link.templateId) && periods.data!.some((p) => p.id === link.periodId));
    // waits for the lists; `apply` is read fresh when they are there
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, search]);
}
