import matter from 'gray-matter';
import { z } from 'zod';
import { BLOG_SLUG_MAX, BLOG_SLUG_PATTERN } from '@app/contract';

// A post file is Markdown with YAML front matter:
//   ---
//   title: Position sizing with R multiples
//   slug: position-sizing-with-r-multiples
//   summary: One line shown on the card and as the post's quote.
//   category: Risk management
//   tags: [risk, position sizing]
//   author: Stockbench Team
//   ---
//   Markdown body…

// YAML reads values such as `title: 2026` or `category: 2026` as numbers; they are still text to the author.
const asText = (v: unknown) => (typeof v === 'number' ? String(v) : v);
const text = (field: string, max: number) =>
  z.preprocess(
    asText,
    z
      .string({ error: (i) => (i.input === undefined || i.input === null ? `${field} is required` : `${field} must be text`) })
      .trim()
      .min(1, `${field} is required`)
      .max(max, `${field} must be at most ${max} characters`),
  );

const tagList = z
  .union([z.array(z.union([z.string(), z.number()])), z.string()])
  .transform((v) => (typeof v === 'string' ? v.split(',') : v.map(String)))
  .transform((v) => [...new Set(v.map((t) => t.trim()).filter(Boolean))])
  .pipe(z.array(z.string().max(50, 'each tag must be at most 50 characters')).max(20, 'at most 20 tags'));

export const postFrontMatter = z.object({
  title: text('title', 200),
  slug: z
    .string({ error: 'slug is required' })
    .trim()
    .max(BLOG_SLUG_MAX, `slug must be at most ${BLOG_SLUG_MAX} characters`)
    .regex(BLOG_SLUG_PATTERN, 'slug must be lower-case letters and digits joined by single hyphens, e.g. how-to-scan'),
  summary: text('summary', 500),
  category: z
    .preprocess(asText, z.string({ error: 'category must be text' }).trim().max(80, 'category must be at most 80 characters').optional())
    .transform((v) => v || null),
  tags: tagList.optional().transform((v) => v ?? []),
  author: text('author', 120),
});

export interface PostInput {
  title: string;
  slug: string;
  summary: string;
  category: string | null;
  tags: string[];
  author: string;
  markdown: string;
}

/** Parses a post file; throws an Error whose message names the first bad field in one line. */
export function parsePostFile(source: string): PostInput {
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(source);
  } catch (e) {
    throw new Error(`front matter is not valid YAML: ${(e as Error).message.split('\n')[0]}`);
  }
  const r = postFrontMatter.safeParse(parsed.data);
  if (!r.success) {
    const issue = r.error.issues[0];
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    const message = issue.message.startsWith(String(issue.path[0] ?? '\0')) ? issue.message : where + issue.message;
    throw new Error(`front matter: ${message}`);
  }
  const markdown = parsed.content.trim();
  if (!markdown) throw new Error('the post has no Markdown body after the front matter');
  return { ...r.data, markdown };
}
