import { BLOG_TEXT } from '@app/contract';
import { Alert, Loading } from '../../components/index.ts';
import { useBlogPosts } from './api.ts';
import { PostCard } from './components/PostCard.tsx';

/** /blog: every published post as a card (spec §2, §8). */
export default function BlogListPage() {
  const { data: posts, isPending, isError } = useBlogPosts();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <title>{`${BLOG_TEXT.listTitle} · Stockbench`}</title>
      <header className="max-w-2xl">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{BLOG_TEXT.listTitle}</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Guides on scanning, backtesting and managing risk.</p>
      </header>
      <div className="mt-8">
        {isPending ? (
          <Loading text={BLOG_TEXT.listLoading} />
        ) : isError ? (
          <Alert tone="error">{BLOG_TEXT.listError}</Alert>
        ) : posts.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-10 text-center text-slate-500 dark:border-slate-700 dark:text-slate-400">
            {BLOG_TEXT.listEmpty}
          </p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <li key={post.id}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
