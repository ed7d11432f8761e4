import { Link } from 'react-router';
import type { BlogPost } from '@app/contract';
import { BLOG_TEXT } from '@app/contract';
import { Badge, Card } from '../../../components/index.ts';
import { shortDate, viewsText } from '../format.ts';
import { SafeHtml, proseClass } from './SafeHtml.tsx';

/** A post in the list: title, date, author, category, summary, a clipped preview, Read more. */
export function PostCard({ post }: { post: BlogPost }) {
  const href = `/blog/${post.slug}`;
  return (
    <Card className="group flex h-full flex-col overflow-hidden transition-shadow hover:shadow-md" data-testid="post-card">
      <article className="flex flex-1 flex-col p-5">
        {post.category && (
          <div>
            <Badge tone="blue">{post.category.name}</Badge>
          </div>
        )}
        <h2 className="mt-3 text-lg leading-snug font-semibold text-slate-900 dark:text-white">
          <Link to={href} className="rounded-sm hover:text-blue-700 focus-visible:underline dark:hover:text-blue-400">
            {post.title}
          </Link>
        </h2>
        <p className="mt-2 flex flex-wrap items-center gap-x-1.5 text-xs text-slate-500 dark:text-slate-400">
          <time dateTime={post.created_at}>{shortDate(post.created_at)}</time>
          <span aria-hidden="true">·</span>
          <span>{post.author_name}</span>
          {post.views_count > 0 && (
            <>
              <span aria-hidden="true">·</span>
              <span data-testid="views">{viewsText(post.views_count)}</span>
            </>
          )}
        </p>
        {post.summary && <p className="mt-3 text-sm leading-6 text-slate-600 dark:text-slate-300">{post.summary}</p>}
        {/* A clipped look at the article itself, faded out; decorative, so hidden from screen readers. */}
        <div className="relative mt-3 max-h-32 flex-1 overflow-hidden" aria-hidden="true" inert>
          <SafeHtml html={post.content} className={`${proseClass} pointer-events-none text-sm! leading-6! [&_h1]:text-base [&_h2]:mt-2 [&_h2]:text-base [&_h3]:text-sm [&_pre]:hidden [&_table]:hidden`} />
          <div className="absolute inset-x-0 bottom-0 h-16 bg-gradient-to-t from-white to-transparent dark:from-slate-900" />
        </div>
        <Link
          to={href}
          className="mt-4 inline-flex items-center gap-1 self-start text-sm font-semibold text-blue-700 hover:text-blue-600 dark:text-blue-400"
          aria-label={`${BLOG_TEXT.readMore}: ${post.title}`}
        >
          {BLOG_TEXT.readMore}
          <span aria-hidden="true" className="transition-transform group-hover:translate-x-0.5">→</span>
        </Link>
      </article>
    </Card>
  );
}
