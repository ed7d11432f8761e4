import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, testApp, type TestApp } from '../../../test/testApp.ts';
import { publishPost, unpublishPost } from '../../../blog/repository.ts';
import { seedBlogPostsIfEmpty } from '../../../blog/seed.ts';
import { XSS_PAYLOADS, unsafeParts } from '../../../test/xssPayloads.ts';

const post = (over: Partial<Parameters<typeof publishPost>[1]> = {}) => ({
  title: 'Reading backtest stats',
  slug: 'reading-backtest-stats',
  summary: 'What Sharpe, drawdown and win rate say.',
  category: 'Backtesting',
  tags: ['stats', 'backtesting'],
  author: 'Dana Trader',
  markdown: '## Sharpe\n\nRisk-adjusted **return**.',
  ...over,
});

describe.each(dbKinds)('blog API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(kind);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('lists nothing before the first post', async () => {
    const r = await get('/api/blog/posts/');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual([]);
  });

  it('lists published posts newest first with every field of spec §3', async () => {
    await publishPost(t.deps.db, post());
    await publishPost(t.deps.db, post({ slug: 'newer-post', title: 'Newer post', category: null, tags: [] }));
    const r = await get('/api/blog/posts/');
    expect(r.statusCode).toBe(200);
    const list = r.json();
    expect(list.map((p: any) => p.slug)).toEqual(['newer-post', 'reading-backtest-stats']);
    const p = list[1];
    expect(Object.keys(p).sort()).toEqual(
      ['author_name', 'category', 'content', 'created_at', 'id', 'slug', 'summary', 'tags', 'title', 'updated_at', 'views_count'].sort(),
    );
    expect(p).toMatchObject({
      title: 'Reading backtest stats',
      slug: 'reading-backtest-stats',
      summary: 'What Sharpe, drawdown and win rate say.',
      content: '<h2>Sharpe</h2>\n<p>Risk-adjusted <strong>return</strong>.</p>\n',
      author_name: 'Dana Trader',
      views_count: 0,
      category: { name: 'Backtesting' },
    });
    expect(typeof p.id).toBe('number');
    expect(p.tags).toEqual([
      { id: expect.any(Number), name: 'backtesting' },
      { id: expect.any(Number), name: 'stats' },
    ]);
    expect(new Date(p.created_at).toISOString()).toBe(p.created_at);
    expect(new Date(p.updated_at).toISOString()).toBe(p.updated_at);
    expect(list[0]).toMatchObject({ category: null, tags: [] });
  });

  it('answers one post by slug', async () => {
    const r = await get('/api/blog/posts/reading-backtest-stats/', { 'user-agent': 'reader-1' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ slug: 'reading-backtest-stats', title: 'Reading backtest stats', category: { name: 'Backtesting' } });
  });

  it('answers 404 with a DRF detail for an unknown or malformed slug', async () => {
    for (const slug of ['no-such-post', 'Reading-Backtest-Stats', '..%2F..%2Fetc', 'a'.repeat(98) + '-b', 'x--y', '-x']) {
      const r = await get(`/api/blog/posts/${slug}/`);
      expect(r.statusCode, slug).toBe(404);
      expect(r.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('counts a view once per visitor per day', async () => {
    await publishPost(t.deps.db, post({ slug: 'views', title: 'Views' }));
    const views = async (ua: string, ip = '10.0.0.1') =>
      (await t.app.inject({ method: 'GET', url: '/api/blog/posts/views/', headers: { 'user-agent': ua }, remoteAddress: ip })).json().views_count;
    expect(await views('browser-a')).toBe(1);
    expect(await views('browser-a')).toBe(1); // same visitor, same day
    expect(await views('browser-b')).toBe(2); // another browser on the same address
    expect(await views('browser-a', '10.0.0.2')).toBe(3); // another address
    const listed = (await get('/api/blog/posts/')).json().find((p: any) => p.slug === 'views');
    expect(listed.views_count).toBe(3); // the list does not count views
  });

  it('does not double count concurrent first views of one visitor', async () => {
    await publishPost(t.deps.db, post({ slug: 'burst', title: 'Burst' }));
    await Promise.all(
      Array.from({ length: 12 }, () => t.app.inject({ method: 'GET', url: '/api/blog/posts/burst/', headers: { 'user-agent': 'same' } })),
    );
    const [row] = await t.deps.db.query<{ views_count: number }>("SELECT views_count FROM blog_posts WHERE slug = 'burst'");
    expect(row.views_count).toBe(1);
    const [rows] = await t.deps.db.query<{ n: number }>("SELECT count(*)::int AS n FROM blog_post_views v JOIN blog_posts p ON p.id = v.post_id WHERE p.slug = 'burst'");
    expect(rows.n).toBe(1);
  });

  it('republishing updates the post in place: same id, created_at and views; new content, tags and updated_at', async () => {
    const before = (await get('/api/blog/posts/views/', { 'user-agent': 'browser-a' }, )).json();
    await new Promise((r) => setTimeout(r, 20));
    const { created } = await publishPost(t.deps.db, post({ slug: 'views', title: 'Views, revised', tags: ['fresh'], category: 'Guides', markdown: 'New body.' }));
    expect(created).toBe(false);
    const after = (await get('/api/blog/posts/views/', { 'user-agent': 'browser-a' })).json();
    expect(after).toMatchObject({ id: before.id, created_at: before.created_at, views_count: before.views_count, title: 'Views, revised', content: '<p>New body.</p>\n', category: { name: 'Guides' } });
    expect(after.tags.map((x: any) => x.name)).toEqual(['fresh']);
    expect(after.updated_at > before.updated_at).toBe(true);
  });

  it('unpublished posts disappear from the list and answer 404; publishing again restores them', async () => {
    expect(await unpublishPost(t.deps.db, 'newer-post')).toBe(true);
    expect(await unpublishPost(t.deps.db, 'never-existed')).toBe(false);
    expect((await get('/api/blog/posts/')).json().map((p: any) => p.slug)).not.toContain('newer-post');
    expect((await get('/api/blog/posts/newer-post/')).statusCode).toBe(404);
    await publishPost(t.deps.db, post({ slug: 'newer-post', title: 'Newer post' }));
    expect((await get('/api/blog/posts/newer-post/')).statusCode).toBe(200);
  });

  it('stores and serves only sanitized HTML, whatever the Markdown holds', async () => {
    await publishPost(t.deps.db, post({ slug: 'xss', title: 'XSS', markdown: 'Intro paragraph.\n\n' + XSS_PAYLOADS.join('\n\n') }));
    const served = (await get('/api/blog/posts/xss/')).json().content as string;
    expect(unsafeParts(served)).toEqual([]);
    expect(served).toContain('<p>Intro paragraph.</p>');
    const [stored] = await t.deps.db.query<{ content_html: string }>("SELECT content_html FROM blog_posts WHERE slug = 'xss'");
    expect(unsafeParts(stored.content_html)).toEqual([]);
  });

  it('seeds the shipped posts on first start only', async () => {
    const fresh = await testApp(kind);
    try {
      const n = await seedBlogPostsIfEmpty(fresh.deps.db, () => {});
      expect(n).toBeGreaterThanOrEqual(3);
      const list = (await fresh.app.inject({ method: 'GET', url: '/api/blog/posts/' })).json();
      expect(list).toHaveLength(n);
      for (const p of list) {
        expect(p.title.length).toBeGreaterThan(10);
        expect(p.summary.length).toBeGreaterThan(20);
        expect(p.author_name).toBeTruthy();
        expect(p.category?.name).toBeTruthy();
        expect(p.tags.length).toBeGreaterThan(0);
        expect(p.content.length).toBeGreaterThan(3000); // real articles, not filler
        expect(unsafeParts(p.content)).toEqual([]);
      }
      await unpublishPost(fresh.deps.db, list[0].slug);
      expect(await seedBlogPostsIfEmpty(fresh.deps.db, () => {})).toBe(0);
      expect((await fresh.app.inject({ method: 'GET', url: '/api/blog/posts/' })).json()).toHaveLength(n - 1);
    } finally {
      await fresh.close();
    }
  });
});
