import type { Period, TemplateDetail } from '@app/contract';
import type { Db } from '../db/index.ts';
import { notFound } from '../http/errors.ts';
import { getPeriod } from './periodRepository.ts';
import { getTemplate } from './templateRepository.ts';

export interface Selection {
  period: Period;
  template: TemplateDetail;
}

/** The user's period and template of a run; 404 when either is missing or another user's. */
export async function loadSelection(db: Db, userId: number, ids: { period_id: number; template_id: number }): Promise<Selection> {
  const [period, template] = await Promise.all([getPeriod(db, userId, ids.period_id), getTemplate(db, userId, ids.template_id)]);
  if (!period || !template) throw notFound();
  return { period, template };
}
