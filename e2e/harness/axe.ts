import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, RunOptions } from 'axe-core';

// axe-core's accessibility rules, run inside a page of the browser tests. The app's Content Security
// Policy allows only its own scripts, so axe is not added as a <script>: it is evaluated through the
// DevTools protocol, which the policy does not govern, and the page's policy stays as the server sends it.

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The standard the app keeps: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One failing element: the rule it breaks, where it is, and why (axe's own words). */
export interface A11yFinding {
  rule: string;
  where: string;
  target: string;
  why: string;
}

/** Runs the WCAG 2.1 A/AA rules over the page as it is now and returns every violation, one entry per
 *  element, named by the rule, `where` (the page or dialog) and the element's selector. */
export async function axeViolations(page: Page, where: string): Promise<A11yFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const options: RunOptions = { runOnly: { type: 'tag', values: WCAG_AA_TAGS }, resultTypes: ['violations'] };
  const results = await page.evaluate((o) => (window as unknown as { axe: { run(ctx: Document, o: RunOptions): Promise<AxeResults> } }).axe.run(document, o), options);
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => ({ rule: v.id, where, target: n.target.map(String).join(' '), why: n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? v.help })),
  );
}

/** A finding as a test failure names it. */
export const describeFinding = (f: A11yFinding) => `${f.rule} on ${f.where}: ${f.target} (${f.why})`;
