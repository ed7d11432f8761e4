// The scanner's calls (spec §7): the scan and its next links, and the saved queries.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  buildScanQuery,
  rowsToTemplate,
  scannerTemplateListSchema,
  scannerTemplateSchema,
  type FilterRow,
  type ScannerTemplate,
  type ScannerTemplateSummary,
  type ScanPage,
} from '@app/contract';
import { api } from '../../../lib/api.ts';
import { readScanPage, UnexpectedFormatError } from '../scanPage.ts';

const STOCKS = '/api/scanner/stocks/';
const TEMPLATES = '/api/scanner/templates/';
const TEMPLATES_KEY = ['scanner', 'templates'] as const;

/** The first page of a scan of `rows` in `ordering`. */
export const scanUrl = (rows: FilterRow[], ordering: string) => `${STOCKS}?${buildScanQuery(rows, { ordering })}`;

/** Fetches a page of results (the first one, or a `next` link the server gave). */
export async function fetchScanPage(url: string): Promise<ScanPage> {
  return readScanPage(await api.get<unknown>(url));
}

export function useSavedQueries(enabled: boolean) {
  return useQuery({
    queryKey: TEMPLATES_KEY,
    enabled,
    queryFn: async (): Promise<ScannerTemplateSummary[]> => {
      const r = scannerTemplateListSchema.safeParse(await api.get<unknown>(TEMPLATES));
      if (!r.success) throw new UnexpectedFormatError();
      return r.data;
    },
  });
}

export async function fetchSavedQuery(id: number): Promise<ScannerTemplate> {
  const r = scannerTemplateSchema.safeParse(await api.get<unknown>(`${TEMPLATES}${id}/`));
  if (!r.success) throw new UnexpectedFormatError();
  return r.data;
}

/** Save and delete, refreshing the list afterwards. */
export function useSavedQueryActions() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: TEMPLATES_KEY });
  return {
    save: async (name: string, rows: FilterRow[]) => {
      const t = await api.post<unknown>(TEMPLATES, rowsToTemplate(name, rows));
      await refresh();
      return t;
    },
    remove: async (id: number) => {
      await api.delete(`${TEMPLATES}${id}/`);
      await refresh();
    },
  };
}
