/** GET /api/blog/posts/ and /api/blog/posts/{slug}/ (spec §3, §7). */

export interface BlogCategory {
  name: string;
}

export interface BlogTag {
  id: number;
  name: string;
}

/** One published post. `content` is sanitized HTML; dates are ISO 8601 strings. */
export interface BlogPost {
  id: number;
  title: string;
  slug: string;
  summary: string;
  content: string;
  created_at: string;
  updated_at: string;
  author_name: string;
  views_count: number;
  category: BlogCategory | null;
  tags: BlogTag[];
}

/** The list answer: every published post, newest first. */
export type BlogPostList = BlogPost[];

/** A slug is lower-case words of letters and digits joined by single hyphens, as in /blog/{slug}. */
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const BLOG_SLUG_MAX = 100;

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
