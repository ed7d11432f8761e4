/** GET /api/blog/posts/ and /api/blog/posts/{slug}/ (spec §3, §7). */
import { z } from 'zod';

export const BlogCategory = z.object({ name: z.string() });
export type BlogCategory = z.infer<typeof BlogCategory>;

export const BlogTag = z.object({ id: z.number().int(), name: z.string() });
export type BlogTag = z.infer<typeof BlogTag>;

/** One published post. `content` is sanitized HTML; dates are ISO 8601 strings. */
export const BlogPost = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  summary: z.string(),
  content: z.string(),
  created_at: z.string().meta({ format: 'date-time' }),
  updated_at: z.string().meta({ format: 'date-time' }),
  author_name: z.string(),
  views_count: z.number().int(),
  category: BlogCategory.nullable(),
  tags: z.array(BlogTag),
});
export type BlogPost = z.infer<typeof BlogPost>;

/** The list answer: every published post, newest first. */
export const BlogPostList = z.array(BlogPost);
export type BlogPostList = z.infer<typeof BlogPostList>;

/** A slug is lower-case words of letters and digits joined by single hyphens, as in /blog/{slug}. */
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const BLOG_SLUG_MAX = 100;

/** The `{slug}` of /api/blog/posts/{slug}/ (a malformed one cannot name a post: it answers 404). */
export const BlogSlugParams = z.object({ slug: z.string().max(BLOG_SLUG_MAX).regex(BLOG_SLUG_PATTERN) });

/** Spec §2 and §8 texts of the blog screens. */
export const BLOG_TEXT = {
  listTitle: 'Blog',
  listLoading: 'Loading blog posts...',
  listEmpty: 'No blog posts available yet.',
  listError: 'Failed to load blog posts',
  readMore: 'Read more',
  postLoading: 'Loading...',
  postError: 'Failed to load blog post',
  backToBlog: '← Back to Blog',
  back: 'Back',
  allPosts: 'All Posts',
  lastUpdated: 'Last updated',
} as const;
