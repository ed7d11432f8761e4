import { parseNumberInput, type Alert, type AlertKind, type AlertWrite } from '@app/contract';

// The alert form's state (strings, as the inputs hold them) and its translation to the API's body
// and back. Pure, so the rules (which fields each kind sends, the suggested name) are tested alone.

export interface AlertForm {
  kind: AlertKind;
  name: string;
  enabled: boolean;
  email: boolean;
  webhookUrl: string;
  cooldown: string;
  /** kind scan: the saved query's id */
  scanId: string;
  /** kind template */
  templateId: string;
  side: 'BUY' | 'SELL' | 'SHORT' | 'COVER';
  target: 'watchlist' | 'symbol';
  watchlistId: string;
  /** kind template on a symbol, or kind price */
  symbol: string;
  /** kind price */
  direction: 'above' | 'below';
  level: string;
}

export const emptyForm = (prefill: Partial<AlertForm> = {}): AlertForm => ({
  kind: 'scan',
  name: '',
  enabled: true,
  email: false,
  webhookUrl: '',
  cooldown: '0',
  scanId: '',
  templateId: '',
  side: 'BUY',
  target: 'watchlist',
  watchlistId: '',
  symbol: '',
  direction: 'above',
  level: '',
  ...prefill,
});

/** The form of an existing alert (Edit). */
export function formOf(a: Alert): AlertForm {
  return emptyForm({
    kind: a.kind,
    name: a.name,
    enabled: a.enabled,
    email: a.email,
    webhookUrl: a.webhook_url ?? '',
    cooldown: String(a.cooldown_minutes),
    scanId: a.scanner_template_id ? String(a.scanner_template_id) : '',
    templateId: a.template_id ? String(a.template_id) : '',
    side: a.side ?? 'BUY',
    target: a.kind === 'template' && a.symbol ? 'symbol' : 'watchlist',
    watchlistId: a.watchlist_id ? String(a.watchlist_id) : '',
    symbol: a.symbol ?? '',
    direction: a.direction ?? 'above',
    level: a.level !== null ? String(a.level) : '',
  });
}

/** A number the user typed (the app's shared parser: 1,250.5 or $150 too), or the text itself so the
 *  server names the field's problem at the box. */
const num = (s: string): number | string => parseNumberInput(s) ?? s;

/** The body of POST/PUT /api/alerts/: only the fields of the chosen kind. `name` falls back to the
 *  suggested one when left blank. */
export function toWrite(f: AlertForm, suggested = ''): AlertWrite {
  const common = {
    name: f.name.trim() || suggested,
    enabled: f.enabled,
    email: f.email,
    webhook_url: f.webhookUrl.trim() || null,
    cooldown_minutes: num(f.cooldown || '0') as number,
  };
  if (f.kind === 'scan') return { kind: 'scan', ...common, scanner_template_id: f.scanId };
  if (f.kind === 'template')
    return {
      kind: 'template',
      ...common,
      template_id: f.templateId,
      side: f.side,
      ...(f.target === 'watchlist' ? { watchlist_id: f.watchlistId || null, symbol: null } : { symbol: f.symbol.trim().toUpperCase() || null, watchlist_id: null }),
    };
  return { kind: 'price', ...common, symbol: f.symbol.trim().toUpperCase(), direction: f.direction, level: num(f.level) as number };
}

export interface Names {
  scans: ReadonlyMap<string, string>;
  templates: ReadonlyMap<string, string>;
  watchlists: ReadonlyMap<string, string>;
}

/** A name for the alert from what it watches, offered while the name field is blank. */
export function suggestName(f: AlertForm, names: Names): string {
  if (f.kind === 'scan') return names.scans.get(f.scanId) ?? '';
  if (f.kind === 'template') {
    const t = names.templates.get(f.templateId);
    const on = f.target === 'watchlist' ? names.watchlists.get(f.watchlistId) : f.symbol.trim().toUpperCase();
    return t && on ? `${t} ${f.side} on ${on}` : '';
  }
  const s = f.symbol.trim().toUpperCase();
  return s && f.level.trim() ? `${s} ${f.direction} ${f.level.trim()}` : '';
}

/** The API's 400 body as one message per form field (the first of each). */
export type ErrorField = 'name' | 'email' | 'enabled' | 'webhook_url' | 'cooldown_minutes' | 'kind' | 'scanner_template_id' | 'template_id' | 'side'
  | 'watchlist_id' | 'symbol' | 'direction' | 'level' | 'detail' | 'non_field_errors';
export function fieldErrors(body: unknown): Partial<Record<ErrorField, string>> {
  if (!body || typeof body !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) {
    if (typeof v === 'string') out[k] = v;
    else if (Array.isArray(v) && typeof v[0] === 'string') out[k] = v[0];
  }
  return out;
}
