import { EXIT_FIELD_NAMES, TEMPLATE_SETTING_KEYS, toNumber, type TemplateExitValues, type TemplateSettingValues } from '@app/contract';

// A link that opens the Templates screen on a new template's form with some settings filled in (the
// Risk-Reward Calculator's stop and risk): /templates?new=1&stop_loss_pct=0.04&risk_pct=0.0036.
// Values are in the API's units (fractions, dollars); the form shows them in its own (%, $) and checks
// them like typed ones. The query string survives the login redirect of the guarded route.

export type NewTemplateValues = Partial<TemplateSettingValues> & Partial<TemplateExitValues>;

const KEYS: readonly string[] = [...TEMPLATE_SETTING_KEYS, ...EXIT_FIELD_NAMES];

export function newTemplateLink(values: NewTemplateValues): string {
  const q = new URLSearchParams({ new: '1' });
  for (const k of KEYS) {
    const v = values[k as keyof NewTemplateValues];
    if (v != null && Number.isFinite(v)) q.set(k, String(v));
  }
  return `/templates?${q}`;
}

/** The values of such a link (only the known settings, only numbers); null when it is not one. */
export function readNewTemplateLink(search: URLSearchParams): NewTemplateValues | null {
  if (search.get('new') !== '1') return null;
  const out: Record<string, number> = {};
  for (const k of KEYS) {
    const n = toNumber(search.get(k));
    if (n !== null) out[k] = n;
  }
  return out as NewTemplateValues;
}
