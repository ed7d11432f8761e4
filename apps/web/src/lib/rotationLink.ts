// Links to the Rotation screen from the Scanner (a saved scan as the universe) and the Backtest screen
// (a period's dates, a template as the gate); the words are here so the screens and the tests share them.

export const ROTATION_LINK_TEXT = {
  fromScan: 'Rotate these',
  fromBacktest: 'Rotation (rebalancing)',
} as const;
export interface RotationLink {
  scanId?: number | null;
  templateId?: number | null;
  start?: string | null;
  end?: string | null;
}

export function rotationLink(link: RotationLink = {}): string {
  const q = new URLSearchParams();
  if (link.scanId) q.set('scan_id', String(link.scanId));
  if (link.templateId) q.set('template_id', String(link.templateId));
  if (link.start) q.set('start', link.start);
  if (link.end) q.set('end', link.end);
  const qs = q.toString();
  return `/rotation${qs ? `?${qs}` : ''}`;
}

const positiveId = (s: string | null) => (s && /^\d{1,10}$/.test(s) && Number(s) > 0 ? Number(s) : null);
const isoDate = (s: string | null) => (s && /^\d{4}-\d\d-\d\d$/.test(s) ? s : null);

export function readRotationLink(search: URLSearchParams) {
  return { scanId: positiveId(search.get('scan_id')), templateId: positiveId(search.get('template_id')), start: isoDate(search.get('start')), end: isoDate(search.get('end')) };
}
