import { BLOG_TEXT } from '@app/contract';
import { Alert, Loading, Page } from '../../components/index.ts';
import { useBlogPosts } from './api.ts';
import { PostCard } from './components/PostCard.tsx';

/** /blog: every published post as a card (spec §2, §8). */
export default function BlogListPage() {
  const { data: posts, isPending, isError } = useBlogPosts();
  return (
    <Page title={BLOG_TEXT.listTitle} intro="Guides on scanning, backtesting and managing risk." tabTitle>
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
    </Page>
  );
}
