import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../db/index.ts';
import { copyMigratedDataDir } from '../test/templateDb.ts';

const root = new URL('../../../../', import.meta.url).pathname;

/** Runs `npm run blog -- …` the way an author does (the script is node --import tsx cli/blog.ts). */
function blog(args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/blog.ts', ...args],
      { cwd: root, env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir } },
      (err, stdout, stderr) => resolve({ code: err ? Number((err as any).code) : 0, stdout, stderr }),
    );
  });
}

const file = (dir: string, name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

const POST = `---
title: Gap and go
slug: gap-and-go
summary: Trading the opening gap with a stop under the pre-market low.
category: Strategies
tags: [gaps, momentum]
author: Alex Tape
---
## The setup

A gap above yesterday's high on **volume**. <script>alert(1)</script>
`;

// Each run starts Node and opens PGlite, which takes seconds on a busy machine; the data directories
// start as copies of the run's migrated one (no initdb, no migrations).
describe('npm run blog', { timeout: 120_000 }, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'blog-cli-'));
    for (const name of ['data', 'data-errors', 'data-busy']) copyMigratedDataDir(join(dir, name));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('publishes, updates and unpublishes a post in the embedded database', async () => {
    const data = join(dir, 'data');
    const path = file(dir, 'gap.md', POST);
    const first = await blog(['publish', path], data);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout.trim()).toBe('published "Gap and go" at /blog/gap-and-go');

    const second = await blog(['publish', file(dir, 'gap2.md', POST.replace('title: Gap and go', 'title: Gap and go, revised'))], data);
    expect(second.code).toBe(0);
    expect(second.stdout.trim()).toBe('updated "Gap and go, revised" at /blog/gap-and-go');

    const off = await blog(['unpublish', 'gap-and-go'], data);
    expect(off).toMatchObject({ code: 0 });
    expect(off.stdout.trim()).toBe('unpublished /blog/gap-and-go');

    const db = await openPglite(data);
    try {
      const rows = await db.query<{ title: string; content_html: string; published: boolean; author_name: string }>('SELECT * FROM blog_posts');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ title: 'Gap and go, revised', published: false, author_name: 'Alex Tape' });
      expect(rows[0].content_html).toContain('<strong>volume</strong>');
      expect(rows[0].content_html).not.toContain('<script');
    } finally {
      await db.close();
    }
  });

  it.each([
    [['publish', '/no/such/file.md'], 'blog: cannot read /no/such/file.md: no such file'],
    [['unpublish', 'never-published'], 'blog: no post with slug "never-published"'],
    [['delete', 'x'], 'blog: unknown command "delete"; usage: npm run blog -- publish FILE.md | unpublish SLUG'],
    [[], 'blog: usage: npm run blog -- publish FILE.md | unpublish SLUG'],
  ])('%j fails with one clear line and exit code 2', async (args, line) => {
    const r = await blog(args, join(dir, 'data-errors'));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(line + '\n');
  });

  it('refuses an embedded database another process has open', async () => {
    const data = join(dir, 'data-busy');
    const db = await openPglite(data);
    try {
      const r = await blog(['unpublish', 'anything'], data);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^blog: the embedded database in .*data-busy is in use \(is the server running\?\); stop it first/);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    } finally {
      await db.close();
    }
  });

  it('names the bad front matter field', async () => {
    const bad = file(dir, 'bad.md', POST.replace('slug: gap-and-go', 'slug: Gap And Go'));
    const r = await blog(['publish', bad], join(dir, 'data-errors'));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`blog: ${bad}: front matter: slug must be lower-case letters and digits joined by single hyphens, e.g. how-to-scan\n`);
  });
});
