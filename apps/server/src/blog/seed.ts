import { readdirSync, readFileSync } from 'node:fs';
import type { Db } from '../db/index.ts';
import { parsePostFile } from './postFile.ts';
import { countPosts, publishPost } from './repository.ts';

/** The demo posts shipped with the app: content/blog/*.md at the repository root. */
export const DEMO_POSTS_DIR = new URL('../../../../content/blog/', import.meta.url).pathname;

// Held for the seeding transaction, so two processes starting on one new database seed it once.
const SEED_LOCK = 0xb10_65eed;

/**
 * On the first start (no post ever published) publishes the shipped posts, in file-name order.
 * Later starts leave the blog alone, so an unpublished demo post stays unpublished.
 */
export async function seedBlogPostsIfEmpty(db: Db, log: (msg: string) => void, dir = DEMO_POSTS_DIR): Promise<number> {
  if ((await countPosts(db)) > 0) return 0;
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.md')).sort();
  } catch {
    return 0; // no content folder in this deployment
  }
  const published = await db.tx(async (t) => {
    await t.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    if ((await countPosts(t)) > 0) return 0; // another process seeded it meanwhile
    for (const f of files) await publishPost(t, parsePostFile(readFileSync(dir + f, 'utf8')));
    return files.length;
  });
  if (published) log(`blog: published ${published} demo posts`);
  return published;
}
