import { Marked } from 'marked';
import { sanitizeBlogHtml } from './sanitize.ts';

// A private Marked instance so no other module's options leak in: GitHub-flavoured Markdown
// (tables, task lists, strikethrough), line breaks as written.
const marked = new Marked({ gfm: true, breaks: false, async: false });

/** Markdown (raw HTML allowed by Markdown itself) to HTML the blog may store. */
export function markdownToSafeHtml(markdown: string): string {
  const html = marked.parse(markdown, { async: false }) as string;
  return sanitizeBlogHtml(html);
}
