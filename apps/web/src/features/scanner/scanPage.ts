// Reading the scan answer: the spec allows a plain array or a page {count, next, results}; anything else
// is "an unexpected data format" (spec §8).
import { scanPageSchema, type ScanPage } from '@app/contract';

export class UnexpectedFormatError extends Error {}

export function readScanPage(body: unknown): ScanPage {
  const page = scanPageSchema.safeParse(body);
  if (page.success) return page.data;
  const list = scanPageSchema.shape.results.safeParse(body);
  if (list.success) return { count: list.data.length, next: null, previous: null, results: list.data };
  throw new UnexpectedFormatError();
}
