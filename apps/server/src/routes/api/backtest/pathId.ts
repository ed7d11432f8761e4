import { Id } from '@app/contract';
import { notFound } from '../../../http/errors.ts';

/** A numeric id from the URL; anything else cannot name a row, so it answers 404 like a missing one. */
export function pathId(raw: string): number {
  const r = Id.safeParse(raw);
  if (!r.success) throw notFound();
  return r.data;
}
