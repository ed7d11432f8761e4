import type { BlogPost } from '@app/contract';
import type { Db } from '../db/index.ts';
import { markdownToSafeHtml } from './markdown.ts';
import type { PostInput } from './postFile.ts';

// Every statement about blog tables lives here. Posts are read with their category and tags in one
// query so a list is one round trip.

const SELECT_POSTS = `
  SELECT p.id, p.title, p.slug, p.summary, p.content_html AS content,
         p.created_at, p.updated_at, p.author_name, p.views_count,
         c.name AS category_name,
         COALESCE((SELECT json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY t.name)
                     FROM blog_post_tags pt JOIN blog_tags t ON t.id = pt.tag_id
                    WHERE pt.post_id = p.id), '[]'::json) AS tags
    FROM blog_posts p
    LEFT JOIN blog_categories c ON c.id = p.category_id`;

interface PostRow {
  id: number;
  title: string;
  slug: string;
  summary: string;
  content: string;
  created_at: Date | string;
  updated_at: Date | string;
  author_name: string;
  views_count: number;
  category_name: string | null;
  tags: { id: number; name: string }[] | string;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

function toPost(r: PostRow): BlogPost {
  return {
    id: r.id,
    title: r.title,
    slug: r.slug,
    summary: r.summary,
    content: r.content,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    author_name: r.author_name,
    views_count: Number(r.views_count),
    category: r.category_name ? { name: r.category_name } : null,
    tags: typeof r.tags === 'string' ? JSON.parse(r.tags) : r.tags,
  };
}

/** Published posts, newest first. */
export async function listPublishedPosts(db: Db): Promise<BlogPost[]> {
  const rows = await db.query<PostRow>(`${SELECT_POSTS} WHERE p.published ORDER BY p.created_at DESC, p.id DESC`);
  return rows.map(toPost);
}

export async function findPublishedPost(db: Db, slug: string): Promise<BlogPost | null> {
  const rows = await db.query<PostRow>(`${SELECT_POSTS} WHERE p.published AND p.slug = $1`, [slug]);
  return rows[0] ? toPost(rows[0]) : null;
}

/**
 * Counts a view unless this visitor already viewed the post on `day` (UTC, YYYY-MM-DD). The insert
 * and the increment are one statement, and the primary key of blog_post_views decides: of two
 * concurrent first views, one inserts and counts, the other inserts nothing and counts nothing.
 */
export async function recordView(db: Db, postId: number, visitor: string, day: string): Promise<boolean> {
  const rows = await db.query(
    `WITH seen AS (
       INSERT INTO blog_post_views (post_id, visitor, day) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING post_id)
     UPDATE blog_posts SET views_count = views_count + 1 WHERE id IN (SELECT post_id FROM seen) RETURNING id`,
    [postId, visitor, day],
  );
  return rows.length > 0;
}

/** Creates the post, or updates the one with this slug (keeping its id, created_at and views). */
export async function publishPost(db: Db, input: PostInput): Promise<{ id: number; created: boolean }> {
  const html = markdownToSafeHtml(input.markdown);
  return db.tx(async (t) => {
    let categoryId: number | null = null;
    if (input.category) {
      const [c] = await t.query<{ id: number }>(
        `INSERT INTO blog_categories (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
        [input.category],
      );
      categoryId = c.id;
    }
    const [post] = await t.query<{ id: number; created: boolean }>(
      `INSERT INTO blog_posts (slug, title, summary, content_markdown, content_html, author_name, category_id, published)
       VALUES ($1, $2, $3, $4, $5, $6, $7, true)
       ON CONFLICT (slug) DO UPDATE SET
         title = EXCLUDED.title, summary = EXCLUDED.summary, content_markdown = EXCLUDED.content_markdown,
         content_html = EXCLUDED.content_html, author_name = EXCLUDED.author_name,
         category_id = EXCLUDED.category_id, published = true, updated_at = now()
       RETURNING id, (xmax = 0) AS created`,
      [input.slug, input.title, input.summary, input.markdown, html, input.author, categoryId],
    );
    await t.query('DELETE FROM blog_post_tags WHERE post_id = $1', [post.id]);
    for (const name of input.tags) {
      const [tag] = await t.query<{ id: number }>(
        `INSERT INTO blog_tags (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
        [name],
      );
      await t.query('INSERT INTO blog_post_tags (post_id, tag_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [post.id, tag.id]);
    }
    return { id: post.id, created: post.created };
  });
}

/** Hides a post from the blog (its row, views and tags stay for a later publish). False if no such slug. */
export async function unpublishPost(db: Db, slug: string): Promise<boolean> {
  const rows = await db.query('UPDATE blog_posts SET published = false, updated_at = now() WHERE slug = $1 RETURNING id', [slug]);
  return rows.length > 0;
}

/** How many posts exist, published or not (0 only before the first publish). */
export async function countPosts(db: Db): Promise<number> {
  const [r] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM blog_posts');
  return r.n;
}
