import { LIMIT_MESSAGES, USER_LIMITS } from '@app/contract';
import type { Db } from '../db/index.ts';
import { badRequest } from '../http/errors.ts';
import { countTemplatesNamed } from './templateRepository.ts';

// Every way a template is made (the form, a starter copy, an optimisation's "Apply") counts against the
// same per-user limit and picks a free name the same way.

/** 400 when the user already has as many templates as allowed; otherwise whether one of them is
 *  named `name` (when given). */
export async function ensureTemplateRoom(db: Db, userId: number, name: string | null = null): Promise<{ nameTaken: boolean }> {
  const { count, named } = await countTemplatesNamed(db, userId, name);
  if (count >= USER_LIMITS.templatesPerUser) throw badRequest(LIMIT_MESSAGES.templatesPerUser);
  return { nameTaken: named };
}

/** Longest template name the API accepts (TemplateWrite's name). */
const MAX_NAME = 100;

/** `name`, or "name (2)", "name (3)"… : the first that is not among `taken`. */
export function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = name.slice(0, MAX_NAME - suffix.length).trimEnd() + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}
