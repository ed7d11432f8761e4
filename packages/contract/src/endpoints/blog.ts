// The public blog (spec §7).
import { BlogPost, BlogPostList, BlogSlugParams } from '../blog.ts';
import { endpoint } from './endpoint.ts';

export const blog = {
  posts: endpoint({ method: 'GET', path: '/api/blog/posts/', auth: 'public', tag: 'Blog', summary: 'Every published post, newest first', status: 200, response: BlogPostList }),
  post: endpoint({
    method: 'GET', path: '/api/blog/posts/{slug}/', auth: 'public', tag: 'Blog', summary: 'One published post',
    description: 'Counts the view once per visitor and day.', params: BlogSlugParams, status: 200, response: BlogPost, errors: [404],
  }),
};
