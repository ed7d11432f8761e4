import { describe, expect, it } from 'vitest';
import { sanitizeBlogHtml } from './sanitize.ts';
import { markdownToSafeHtml } from './markdown.ts';
import { XSS_PAYLOADS, unsafeParts } from '../test/xssPayloads.ts';

describe('blog HTML sanitizing', () => {
  it.each(XSS_PAYLOADS)('neutralizes %s', (payload) => {
    const html = sanitizeBlogHtml(payload);
    expect(unsafeParts(html)).toEqual([]);
    const fromMarkdown = markdownToSafeHtml(`Some text.\n\n${payload}\n\nMore text.`);
    expect(unsafeParts(fromMarkdown)).toEqual([]);
    expect(fromMarkdown).toContain('Some text.');
  });

  it('the check itself catches each kind of payload before sanitizing', () => {
    // Guards the guard: if unsafeParts found nothing on raw payloads the test above would prove nothing.
    const missed = XSS_PAYLOADS.filter((p) => !p.startsWith('[') && !p.startsWith('!') && !p.startsWith('<https') && unsafeParts(p).length === 0);
    expect(missed).toEqual([]);
  });

  it('keeps the prose, code, tables, images and safe links a post needs', () => {
    const html = markdownToSafeHtml(
      [
        '## Heading',
        'Text with **bold**, _italic_, `code` and a [link](https://example.com/a?b=1 "Title").',
        '',
        '> A quote',
        '',
        '1. one',
        '2. two',
        '',
        '| Level | Price |',
        '|:--|--:|',
        '| 1R | 156.00 |',
        '',
        '```ts',
        'const r = price - stop;',
        '```',
        '',
        '![chart](https://example.com/chart.png)',
        '',
        '<mailto:desk@example.com>',
      ].join('\n'),
    );
    expect(html).toContain('<h2>Heading</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>italic</em>');
    expect(html).toContain('<a href="https://example.com/a?b=1" title="Title" rel="noopener noreferrer nofollow">link</a>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<th align="left">Level</th>');
    expect(html).toContain('<td align="right">156.00</td>');
    expect(html).toContain('<code class="language-ts">const r = price - stop;');
    expect(html).toContain('<img src="https://example.com/chart.png" alt="chart" />');
    expect(html).toContain('href="mailto:desk@example.com"');
  });

  it('is idempotent, so sanitizing again on render changes nothing', () => {
    for (const p of XSS_PAYLOADS) {
      const once = sanitizeBlogHtml(markdownToSafeHtml(p));
      expect(sanitizeBlogHtml(once)).toBe(once);
    }
  });
});
