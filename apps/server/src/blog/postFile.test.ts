import { describe, expect, it } from 'vitest';
import { parsePostFile } from './postFile.ts';

const file = (front: string, body = 'Body text.') => `---\n${front}\n---\n${body}\n`;
const GOOD = 'title: A title\nslug: a-title\nsummary: The summary.\ncategory: Guides\ntags: [one, two, one]\nauthor: Pat';

describe('post files', () => {
  it('reads front matter and the Markdown body', () => {
    expect(parsePostFile(file(GOOD, '# Heading\n\nText.'))).toEqual({
      title: 'A title',
      slug: 'a-title',
      summary: 'The summary.',
      category: 'Guides',
      tags: ['one', 'two'],
      author: 'Pat',
      markdown: '# Heading\n\nText.',
    });
  });

  it('accepts tags as a comma list and no category', () => {
    const p = parsePostFile(file('title: T\nslug: t\nsummary: S\ntags: risk, r-multiples\nauthor: Pat'));
    expect(p.tags).toEqual(['risk', 'r-multiples']);
    expect(p.category).toBeNull();
  });

  it.each([
    ['slug: a-title\nsummary: S\nauthor: Pat', 'front matter: title is required'],
    ['title: T\nsummary: S\nauthor: Pat', 'front matter: slug is required'],
    ['title: T\nslug: a_title\nsummary: S\nauthor: Pat', 'front matter: slug must be lower-case letters and digits joined by single hyphens, e.g. how-to-scan'],
    ['title: T\nslug: t\nauthor: Pat', 'front matter: summary is required'],
    ['title: T\nslug: t\nsummary: S', 'front matter: author is required'],
    ['title: "   "\nslug: t\nsummary: S\nauthor: Pat', 'front matter: title is required'],
    [`title: ${'x'.repeat(201)}\nslug: t\nsummary: S\nauthor: Pat`, 'front matter: title must be at most 200 characters'],
    ['title: [unclosed\nslug: t', 'front matter is not valid YAML'],
  ])('rejects %j', (front, message) => {
    expect(() => parsePostFile(file(front))).toThrow(message);
  });

  it('takes a number YAML reads from the front matter as text, and names a field that is not text', () => {
    const p = parsePostFile(file('title: 2026\nslug: t\nsummary: 42\ncategory: 2026\nauthor: Pat'));
    expect([p.title, p.summary, p.category]).toEqual(['2026', '42', '2026']);
    expect(() => parsePostFile(file('title: [a, b]\nslug: t\nsummary: S\nauthor: Pat'))).toThrow('front matter: title must be text');
    expect(() => parsePostFile(file('title: T\nslug: t\nsummary: S\ncategory: {a: 1}\nauthor: Pat'))).toThrow('front matter: category must be text');
  });

  it('rejects a file without a body', () => {
    expect(() => parsePostFile(file(GOOD, '   '))).toThrow('the post has no Markdown body after the front matter');
  });
});
