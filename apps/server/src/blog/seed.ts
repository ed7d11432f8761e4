import { readdirSync, readFileSync } from 'node:fs';
import type { Db } from '../db/index.ts';
import { parsePostFile } from './postFile.ts';
import { countPosts, publishPost } from './repository.ts';

/** The demo posts shipped with the app: content/blog/*.md at the repository root. */
export const DEMO_POSTS_DIR = new URL('../../../../content/blog/', import.meta.url).pathname;

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
  for (const f of files) await publishPost(db, parsePostFile(readFileSync(dir + f, 'utf8')));
  if (files.length) log(`blog: published ${files.length} demo posts`);
  return files.length;
}
