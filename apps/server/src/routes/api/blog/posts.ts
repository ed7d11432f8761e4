import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contract';
import type { RouteOpts } from '../../../deps.ts';
import { notFound } from '../../../http/errors.ts';
import { route } from '../../../http/route.ts';
import { findPublishedPost, listPublishedPosts, recordView } from '../../../blog/repository.ts';
import { utcDay, visitorKey } from '../../../blog/visitor.ts';

/** The public blog: GET /api/blog/posts/ and GET /api/blog/posts/{slug}/ (spec §7). */
export default async function blogPosts(app: FastifyInstance, { deps }: RouteOpts) {
  const { blog } = endpoints;

  route(app, blog.posts, async () => listPublishedPosts(deps.db));

  route(app, blog.post, async ({ params, req }) => {
    const post = await findPublishedPost(deps.db, params.slug);
    if (!post) throw notFound();
    const counted = await recordView(deps.db, post.id, visitorKey(deps.config.secretKey, req.ip, req.headers['user-agent']), utcDay());
    return counted ? { ...post, views_count: post.views_count + 1 } : post;
  });
}
