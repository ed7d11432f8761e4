// What counts as a number in a box a trader types into. Every number box of the web app reads its text
// here, so "10B" means ten billion in the scanner, the calculator and an optimisation grid alike, and a
// box that cannot read its text says so instead of quietly using nothing. What a box then does with a
// number (clamp it, fall back, refuse it) stays the box's own rule.

/** Messages a box shows under itself when its text is not a number it takes. */
export const NUMBER_INPUT_MESSAGES = {
  required: 'Enter a number',
  unreadable: 'Enter a number, e.g. 10B, 1.2M, 500k, 10,000,000 or 1e9',
  unreadablePercent: 'Enter a percentage, e.g. 5 or 5%',
  negative: 'Enter a number of 0 or more',
  percentSign: 'Enter a plain number here (this box is not a percentage)',
  tooLarge: 'That number is too large',
} as const;

export type NumberInputProblem = keyof typeof NUMBER_INPUT_MESSAGES;

export interface NumberInputRules {
  /** A percentage box: "5" and "5%" both read as 5. Unit letters (k, M, B) are not taken here. */
  percent?: boolean;
  /** Whether a negative number is taken (default: yes). */
  negative?: boolean;
}

export type NumberInputRead = { ok: true; value: number } | { ok: false; problem: NumberInputProblem; error: string };

// Traders write millions as M, mm or mn and billions as B or bn; k is thousands, T trillions.
const UNIT_EXPONENTS: Record<string, number> = { k: 3, m: 6, mm: 6, mn: 6, b: 9, bn: 9, t: 12, tn: 12 };

// sign, optional $, digits (plain or grouped by commas in threes), fraction, exponent, unit, %.
const NUMBER_TEXT =
  /^([+-])?\$?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?|\.\d+)(?:e([+-]?\d+))?(?:\s*(k|mm|mn|m|bn|b|tn|t))?(?:\s*(%))?$/i;

const fail = (problem: NumberInputProblem): NumberInputRead => ({ ok: false, problem, error: NUMBER_INPUT_MESSAGES[problem] });

/** Reads a box's text: the number it stands for, or the message to show at the box. */
export function readNumberInput(text: string, rules: NumberInputRules = {}): NumberInputRead {
  // U+2212 is the minus sign the app itself prints, so a copied figure reads back.
  const t = text.trim().replace(/^\u2212/, '-');
  if (t === '') return fail('required');
  const m = NUMBER_TEXT.exec(t);
  const [, sign, digits, exponent, unit, percentSign] = m ?? [];
  const unreadable = rules.percent ? 'unreadablePercent' : 'unreadable';
  if (!m) return fail(unreadable);
  if (percentSign && !rules.percent) return fail('percentSign');
  // "5k%" or "$5%" are not percentages anyone means; "1e3k" is two ways of scaling at once.
  if (rules.percent && (unit || t.includes('$'))) return fail(unreadable);
  if (exponent !== undefined && unit) return fail(unreadable);
  // Built as text so "1.2M" is exactly 1200000, not 1.2 × 1e6 with its rounding.
  const scale = Number(exponent ?? 0) + (unit ? UNIT_EXPONENTS[unit.toLowerCase()] : 0);
  const value = Number(`${sign ?? ''}${digits.replace(/,/g, '')}e${scale}`) + 0; // + 0 turns -0 into 0
  if (!Number.isFinite(value)) return fail('tooLarge');
  if (value < 0 && rules.negative === false) return fail('negative');
  return { ok: true, value };
}

/** The number a box's text stands for, or null when it is blank or not a number it takes. */
export function parseNumberInput(text: string, rules?: NumberInputRules): number | null {
  const r = readNumberInput(text, rules);
  return r.ok ? r.value : null;
}

const UNITS: readonly [number, string][] = [[12, 'T'], [9, 'B'], [6, 'M']];
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 });

/** From here up a box shows a number as 10B or 12,345,678 rather than a run of digits to count. */
export const COMPACT_INPUT_FROM = 1e7;

/** The text a box shows for a stored number, which reads back to exactly that number: 10B, 1.25M,
 *  12,345,678 for large amounts; smaller ones as JavaScript prints them (1000000, 0.5). */
export function numberInputText(v: number): string {
  if (!Number.isFinite(v) || Math.abs(v) < COMPACT_INPUT_FROM) return String(v);
  for (const [exp, unit] of UNITS) {
    const mantissa = Math.abs(v) / 10 ** exp;
    if (mantissa < 1) continue;
    // at most three decimals, and only when the short form is the very same number
    const short = `${v < 0 ? '-' : ''}${Number(mantissa.toFixed(3))}${unit}`;
    if (parseNumberInput(short) === v) return short;
    break;
  }
  return grouped.format(v);
}
