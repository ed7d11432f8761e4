import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { templateToRows, type FilterRow } from '@app/contract';
import { fetchSavedQuery } from '../api/scanner.ts';

/** /scanner?template=ID (the link of a scan alert's notification): loads that saved query
 *  into the form once signed in, as "Load query" would; the user still presses Scan. */
export function useSavedQueryLink(enabled: boolean, onLoad: (rows: FilterRow[], name: string, id: number) => void, onFail: () => void) {
  const [params] = useSearchParams();
  const id = Number(params.get('template'));
  useEffect(() => {
    if (!enabled || !Number.isInteger(id) || id < 1) return;
    let live = true;
    fetchSavedQuery(id).then(
      (t) => live && onLoad(templateToRows(t), t.name, id),
      () => live && onFail(),
    );
    return () => {
      live = false;
    };
    // once per link: the callbacks are new on every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, id]);
}
