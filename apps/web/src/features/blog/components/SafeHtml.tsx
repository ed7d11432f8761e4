import { useMemo, type MouseEvent } from 'react';
import DOMPurify, { type Config } from 'dompurify';
import { useNavigate } from 'react-router';
import { cx } from '../../../components/index.ts';

// The server stores sanitized HTML; the browser sanitizes again before it touches the DOM, so a
// row written to the database by any other path still cannot run code here.
const PURIFY: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  FORBID_ATTR: ['style', 'srcset', 'action', 'formaction'],
  ALLOW_DATA_ATTR: false,
};

// DOMPurify lets data: URLs through on images; posts link to real files only, as the server allows.
DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
  // eslint-disable-next-line no-control-regex -- control characters are what this strips: browsers ignore them inside a URL scheme
  if ((data.attrName === 'src' || data.attrName === 'href') && /^data:/i.test(data.attrValue.replace(/[\s\u0000-\u001f]/g, ''))) data.keepAttr = false;
});

export function purify(html: string): string {
  return String(DOMPurify.sanitize(html, PURIFY));
}

/**
 * Long-form article typography without a plugin: headings, lists, quotes, code and tables styled by
 * descendant selectors, light and dark.
 */
export const proseClass = cx(
  'text-[15px] leading-7 text-slate-700 sm:text-base dark:text-slate-300',
  '[&_h1]:mt-8 [&_h1]:text-2xl [&_h1]:font-bold [&_h1]:text-slate-900 dark:[&_h1]:text-white',
  '[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900 sm:[&_h2]:text-2xl dark:[&_h2]:text-white',
  '[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-white',
  '[&_h4]:mt-6 [&_h4]:font-semibold [&_p]:my-4 [&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-white',
  '[&_a]:font-medium [&_a]:text-blue-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-blue-600 dark:[&_a]:text-blue-400',
  '[&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1.5 [&_li]:pl-1',
  '[&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-blue-500 [&_blockquote]:bg-blue-50/60 [&_blockquote]:px-4 [&_blockquote]:py-1 [&_blockquote]:italic dark:[&_blockquote]:bg-blue-950/30',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em] [&_code]:text-slate-800 dark:[&_code]:bg-slate-800 dark:[&_code]:text-slate-200',
  // Code wraps instead of scrolling sideways: a scrolling box the keyboard cannot reach would hide
  // the end of its lines from anyone without a mouse.
  '[&_pre]:my-5 [&_pre]:whitespace-pre-wrap [&_pre]:break-words [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:leading-6 [&_pre]:text-slate-100 dark:[&_pre]:bg-black/40',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-inherit',
  '[&_table]:my-6 [&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_table]:text-sm [&_table]:tabular-nums',
  // Headers wrap on phones so a short table fits the screen instead of scrolling sideways.
  '[&_th]:border-b-2 [&_th]:border-slate-300 [&_th]:px-2 [&_th]:py-2 [&_th]:align-bottom [&_th]:font-semibold sm:[&_th]:px-3 sm:[&_th]:whitespace-nowrap [&_th]:text-slate-900 dark:[&_th]:border-slate-600 dark:[&_th]:text-white',
  '[&_td]:border-b [&_td]:border-slate-200 [&_td]:px-2 [&_td]:py-2 sm:[&_td]:px-3 dark:[&_td]:border-slate-800',
  '[&_th[align=right]]:text-right [&_td[align=right]]:text-right [&_th[align=left]]:text-left [&_th:not([align])]:text-left',
  '[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_hr]:my-8 [&_hr]:border-slate-200 dark:[&_hr]:border-slate-800',
  '[&>*:first-child]:mt-0',
);

/**
 * Renders a post's HTML after DOMPurify. Clicks on links to this site's pages go through the router
 * (no full page load); other links behave normally.
 */
export function SafeHtml({ html, className, ...rest }: { html: string; className?: string } & React.HTMLAttributes<HTMLDivElement>) {
  const navigate = useNavigate();
  const clean = useMemo(() => purify(html), [html]);
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as HTMLElement).closest('a');
    if (!a || !a.href) return;
    const url = new URL(a.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    e.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };
  return <div {...rest} className={className} onClick={onClick} dangerouslySetInnerHTML={{ __html: clean }} />;
}
