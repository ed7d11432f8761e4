import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@app/contract';
import { call } from '../../lib/api.ts';

/** GET /api/blog/posts/: every published post, newest first. */
export function useBlogPosts() {
  return useQuery({ queryKey: ['blog', 'posts'], queryFn: () => call(endpoints.blog.posts), staleTime: 60_000 });
}

/** GET /api/blog/posts/{slug}/ (the server counts the view once per visitor per day). */
export function useBlogPost(slug: string) {
  return useQuery({
    queryKey: ['blog', 'post', slug],
    queryFn: () => call(endpoints.blog.post, { params: { slug } }),
    staleTime: 60_000,
  });
}
