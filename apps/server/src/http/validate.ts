import type { z } from 'zod';
import { badRequest, drfFromZod } from './errors.ts';

/** Parses input with a contract schema, or throws a 400 whose body names each bad field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw badRequest(drfFromZod(r.error));
  return r.data;
}
