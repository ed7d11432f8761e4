import type { FastifyInstance } from 'fastify';
import type { BlogPost } from '@app/contract';
import { BLOG_SLUG_MAX, BLOG_SLUG_PATTERN } from '@app/contract';
import type { RouteOpts } from '../../index.ts';
import { notFound } from '../../../http/errors.ts';
import { findPublishedPost, listPublishedPosts, recordView } from '../../../blog/repository.ts';
import { utcDay, visitorKey } from '../../../blog/visitor.ts';

/** The public blog: GET /api/blog/posts/ and GET /api/blog/posts/{slug}/ (spec §7). */
export default async function blogRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  app.get('/api/blog/posts/', async (): Promise<BlogPost[]> => listPublishedPosts(deps.db));

  app.get<{ Params: { slug: string } }>('/api/blog/posts/:slug/', async (req): Promise<BlogPost> => {
    const { slug } = req.params;
    // A malformed slug cannot name a post: answer like any unknown one.
    if (slug.length > BLOG_SLUG_MAX || !BLOG_SLUG_PATTERN.test(slug)) throw notFound();
    const post = await findPublishedPost(deps.db, slug);
    if (!post) throw notFound();
    const counted = await recordView(deps.db, post.id, visitorKey(deps.config.secretKey, req.ip, req.headers['user-agent']), utcDay());
    return counted ? { ...post, views_count: post.views_count + 1 } : post;
  });
}
