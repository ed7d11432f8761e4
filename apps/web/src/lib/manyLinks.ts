// Links to the many-symbol screens (/many/universe, /many/portfolio) from the Backtest, Templates and
// Scanner screens: the form opens with what the link carries (a template, a period whose dates it
// takes, a saved scan as the universe). The words are here so the three screens and the tests share them.

export type ManyKind = 'universe' | 'portfolio';

export const MANY_LINK_TEXT = {
  universe: 'Run on many symbols',
  portfolio: 'Backtest as portfolio',
} as const;

export interface ManyLink {
  templateId?: number | null;
  /** a stock period: its dates become the run's dates */
  periodId?: number | null;
  /** a saved scanner query: the universe */
  scanId?: number | null;
}

/** /many/universe?template_id=…&period_id=…&scan_id=… (only the ids given). */
export function manyLink(kind: ManyKind, link: ManyLink = {}): string {
  const q = new URLSearchParams();
  if (link.templateId) q.set('template_id', String(link.templateId));
  if (link.periodId) q.set('period_id', String(link.periodId));
  if (link.scanId) q.set('scan_id', String(link.scanId));
  const qs = q.toString();
  return `/many/${kind}${qs ? `?${qs}` : ''}`;
}

const positiveId = (s: string | null) => (s && /^\d{1,10}$/.test(s) && Number(s) > 0 ? Number(s) : null);

/** What a link carries; malformed ids are ignored. */
export function readManyLink(search: URLSearchParams): Required<{ [K in keyof ManyLink]: number | null }> {
  return { templateId: positiveId(search.get('template_id')), periodId: positiveId(search.get('period_id')), scanId: positiveId(search.get('scan_id')) };
}
