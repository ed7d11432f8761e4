import { readdirSync, readFileSync } from 'node:fs';
import {
  EXIT_FIELD_NAMES,
  exitConflicts,
  IndicatorCreate,
  settingsInWords,
  STARTER_SLUG,
  StarterTemplate,
  TemplateWrite,
  withSettingDefaults,
  type Starter,
} from '@app/contract';
import { describeCondition, describeRule, normalizeTemplate, TemplateError } from '@app/quant';
import { engineTemplate } from './run.ts';

// The starter library: content/strategies/*.json, read once when the server starts and checked by
// the rules a user's template passes (the API's template and indicator body schemas, then the engine's
// normalizeTemplate), so a starter copied into a user's templates is a template the user could have
// built. A file that breaks a rule stops the start with an error naming the file.

/** The shipped starters: content/strategies/ at the repository root. */
export const STARTERS_DIR = new URL('../../../../content/strategies/', import.meta.url).pathname;

/** A starter file that cannot be served; the message starts with the file's name. */
export class StarterFileError extends Error {
  override name = 'StarterFileError';
}

const FILE_KEYS = ['slug', 'order', 'name', 'summary', 'template'];
const TEMPLATE_KEYS = new Set(['indicators', ...Object.keys(TemplateWrite.shape).filter((k) => k !== 'name')]);
const ROW_KEYS = new Set(Object.keys(IndicatorCreate.in.shape).filter((k) => k !== 'template'));

/** Reads and checks every `*.json` of `dir`, in list order (`order`, then slug). */
export function loadStarters(dir = STARTERS_DIR): Starter[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return []; // no content folder in this deployment: no starters
  }
  // A slug is its file's name, so no two starters share one.
  const loaded = files.map((f) => readStarter(dir + f, f));
  return loaded.sort((a, b) => a.order - b.order || a.starter.slug.localeCompare(b.starter.slug)).map((s) => s.starter);
}

/** One starter file, checked; throws StarterFileError naming the file and what is wrong. */
export function readStarter(path: string, file: string): { order: number; starter: Starter } {
  const fail = (what: string): never => {
    throw new StarterFileError(`${file}: ${what}`);
  };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    return fail(`not readable JSON (${(e as Error).message})`);
  }
  if (!isObject(raw)) return fail('must be a JSON object');
  for (const k of Object.keys(raw)) if (!FILE_KEYS.includes(k)) fail(`unknown field "${k}" (expected ${FILE_KEYS.join(', ')})`);
  const { slug, order, name, summary, template } = raw;
  if (typeof slug !== 'string' || !STARTER_SLUG.test(slug)) fail('slug must be lower-case words joined by hyphens');
  if (`${slug}.json` !== file) fail(`slug "${String(slug)}" does not match the file name`);
  if (typeof order !== 'number' || !Number.isInteger(order)) fail('order must be a whole number');
  if (typeof summary !== 'string' || !summary.trim()) fail('summary must be a non-empty text');
  if (!isObject(template)) return fail('template must be an object');

  // The settings and exits as POST /api/templates/ checks them (with the starter's name).
  for (const k of Object.keys(template)) if (!TEMPLATE_KEYS.has(k)) fail(`template: unknown field "${k}"`);
  const { indicators, ...settings } = template;
  const head = TemplateWrite.safeParse({ ...settings, name });
  if (!head.success) fail(`template: ${issues(head.error.issues)}`);
  const conflicts = Object.entries(exitConflicts(head.data!));
  if (conflicts.length) fail(`template: ${conflicts.map(([k, m]) => `${k}: ${m![0]}`).join('; ')}`);

  // Each row as POST /api/indicators/ checks it (template 1 stands in for the copy's id).
  if (!Array.isArray(indicators) || indicators.length === 0) fail('template.indicators must be a non-empty list');
  const rows = (indicators as unknown[]).map((row, i) => {
    if (!isObject(row)) return fail(`template.indicators[${i}] must be an object`);
    for (const k of Object.keys(row)) if (!ROW_KEYS.has(k)) fail(`template.indicators[${i}]: unknown field "${k}"`);
    const r = IndicatorCreate.safeParse({ ...row, template: 1 });
    if (!r.success) return fail(`template.indicators[${i}]: ${issues(r.error.issues)}`);
    const { template: _, ...fields } = r.data;
    return fields;
  });

  const checked = head.data!;
  const tpl = StarterTemplate.parse({
    ...withSettingDefaults(checked),
    ...Object.fromEntries(EXIT_FIELD_NAMES.map((f) => [f, checked[f] ?? null])),
    indicators: rows,
  });
  // And as the engine reads it: the rules the form cannot express (none today) would stop here.
  try {
    normalizeTemplate(engineTemplate(tpl));
  } catch (e) {
    if (e instanceof TemplateError) fail(`template: ${e.message}`);
    throw e;
  }
  // a short template's entry and exit are its SHORT and COVER rows
  const short = tpl.indicators.some((r) => r.indicator_type === 'SHORT' || r.indicator_type === 'COVER');
  const [entry, exit] = short ? (['SHORT', 'COVER'] as const) : (['BUY', 'SELL'] as const);
  const words = (side: string) => tpl.indicators.filter((r) => r.indicator_type === side).map((r) => describeCondition(r));
  if (words(entry).length === 0) fail(`template: a starter needs at least one ${entry} row`);
  const rules = { indicators: tpl.indicators };
  return {
    order: order as number,
    starter: {
      slug: slug as string, name: checked.name, summary: (summary as string).trim(), settings: settingsInWords(tpl),
      direction: short ? 'short' : 'long', buy: words(entry), sell: words(exit),
      entry_rule: describeRule(rules, entry), exit_rule: describeRule(rules, exit), template: tpl,
    },
  };
}

const issues = (list: { path: PropertyKey[]; message: string }[]) =>
  list.map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message)).join('; ');

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
