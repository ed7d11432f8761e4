// The scanner's calls (spec §7): the scan and its next links, and the saved queries.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  buildScanQuery,
  endpoints,
  rowsToTemplate,
  scannerTemplateListSchema,
  scannerTemplateSchema,
  type FilterRow,
  type ScannerTemplate,
  type ScannerTemplateSummary,
  type ScanPage,
} from '@app/contract';
import { call, callUrl, follow } from '../../../lib/api.ts';
import { readScanPage, UnexpectedFormatError } from '../scanPage.ts';

const TEMPLATES_KEY = ['scanner', 'templates'] as const;
const { stocks, templates } = endpoints.scanner;

/** The first page of a scan of `rows` in `ordering`. */
export const scanUrl = (rows: FilterRow[], ordering: string) =>
  callUrl(stocks, { query: Object.fromEntries(new URLSearchParams(buildScanQuery(rows, { ordering }))) });

/** Fetches a page of results (the first one, or a `next` link the server gave). The answer is checked
 *  here: spec §8 has its own message for a body of another shape. */
export async function fetchScanPage(url: string): Promise<ScanPage> {
  return readScanPage(await follow(stocks, url));
}

export function useSavedQueries(enabled: boolean) {
  return useQuery({
    queryKey: TEMPLATES_KEY,
    enabled,
    queryFn: async (): Promise<ScannerTemplateSummary[]> => {
      const r = scannerTemplateListSchema.safeParse(await call(templates.list));
      if (!r.success) throw new UnexpectedFormatError();
      return r.data;
    },
  });
}

export async function fetchSavedQuery(id: number): Promise<ScannerTemplate> {
  const r = scannerTemplateSchema.safeParse(await call(templates.get, { params: { id } }));
  if (!r.success) throw new UnexpectedFormatError();
  return r.data;
}

/** Save and delete, refreshing the list afterwards. */
export function useSavedQueryActions() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: TEMPLATES_KEY });
  return {
    save: async (name: string, rows: FilterRow[]) => {
      const t = await call(templates.create, { body: rowsToTemplate(name, rows) });
      await refresh();
      return t;
    },
    remove: async (id: number) => {
      await call(templates.remove, { params: { id } });
      await refresh();
    },
  };
}
