import { Link, useNavigate, useParams } from 'react-router';
import { BLOG_TEXT } from '@app/contract';
import { Alert, Badge, Button, Loading } from '../../components/index.ts';
import { useBlogPost } from './api.ts';
import { longDate, longDateTime, viewsText } from './format.ts';
import { SafeHtml, proseClass } from './components/SafeHtml.tsx';

const backLinkClass = 'inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:text-blue-600 dark:text-blue-400';

/** /blog/{slug}: one post (spec §2, §8). */
export default function BlogPostPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const { data: post, isPending, isError } = useBlogPost(slug);

  // Back goes to the previous page when there is one in this tab, else to the list.
  const back = () => ((window.history.state?.idx ?? 0) > 0 ? navigate(-1) : navigate('/blog'));

  if (isPending) return <Loading text={BLOG_TEXT.postLoading} />;
  if (isError)
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <Alert tone="error">{BLOG_TEXT.postError}</Alert>
        <Link to="/blog" className={`${backLinkClass} mt-6`}>
          {BLOG_TEXT.backToBlog}
        </Link>
      </div>
    );

  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <title>{`${post.title} · Stockbench`}</title>
      <Button variant="ghost" size="sm" onClick={back} className="-ml-3">
        <span aria-hidden="true">←</span> {BLOG_TEXT.back}
      </Button>

      <header className="mt-4">
        {post.category && (
          <Badge tone="blue" className="mb-3">
            {post.category.name}
          </Badge>
        )}
        <h1 className="text-3xl leading-tight font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{post.title}</h1>
        <div className="mt-4 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-500 dark:text-slate-400">
          <time dateTime={post.created_at}>{longDate(post.created_at)}</time>
          <span aria-hidden="true">·</span>
          <span className="font-medium text-slate-700 dark:text-slate-300">{post.author_name}</span>
          {post.views_count > 0 && (
            <>
              <span aria-hidden="true">·</span>
              <span data-testid="views">{viewsText(post.views_count)}</span>
            </>
          )}
        </div>
        {post.tags.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-2" aria-label="Tags">
            {post.tags.map((t) => (
              <li key={t.id} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                #{t.name}
              </li>
            ))}
          </ul>
        )}
      </header>

      {post.summary && (
        <blockquote className="mt-8 border-l-4 border-blue-500 pl-4 text-lg leading-8 text-slate-700 italic dark:text-slate-300">
          {post.summary}
        </blockquote>
      )}

      <SafeHtml html={post.content} className={`${proseClass} mt-8`} data-testid="post-content" />

      <footer className="mt-12 flex flex-col gap-3 border-t border-slate-200 pt-6 text-sm sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
        <Link to="/blog" className={backLinkClass}>
          <span aria-hidden="true">←</span> {BLOG_TEXT.allPosts}
        </Link>
        <p className="text-slate-500 dark:text-slate-400">
          {BLOG_TEXT.lastUpdated} <time dateTime={post.updated_at}>{longDateTime(post.updated_at)}</time>
        </p>
      </footer>
    </article>
  );
}
