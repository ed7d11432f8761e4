// Text fields' shared rules: every stored or echoed text field refuses NUL (PostgreSQL text
// cannot hold U+0000) and other control characters with a 400 naming the field, and has a maximum
// length. One helper, so a name, a compare value and a saved query's field all answer the same words.
import { z } from 'zod';

export const TEXT_MESSAGES = {
  /** DRF's own words for U+0000. */
  nul: 'Null characters are not allowed.',
  control: 'Control characters are not allowed.',
} as const;

// C0 controls, DEL and C1 controls. Tab, line feed and carriage return are allowed only in multi-line text.
// Matching control characters is the point here.
/* eslint-disable no-control-regex */
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/* eslint-enable no-control-regex */

/** The message for text holding a character a field may not hold; null when clean. */
export function textCharacterError(s: string, opts: { multiline?: boolean } = {}): string | null {
  if (s.includes('\u0000')) return TEXT_MESSAGES.nul;
  return (opts.multiline ? CONTROL_MULTILINE : CONTROL).test(s) ? TEXT_MESSAGES.control : null;
}

/** Adds the character rule to a string schema (its length rule stays the caller's). */
export const cleanText = <S extends z.ZodType<string>>(schema: S, opts: { multiline?: boolean } = {}) =>
  schema.superRefine((s, ctx) => {
    const message = textCharacterError(s, opts);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
