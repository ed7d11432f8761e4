import { mkdirSync, readFileSync } from 'node:fs';
import { loadConfig } from '../config.ts';
import { DataDirInUseError, openDb, type Db } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import { parsePostFile } from '../blog/postFile.ts';
import { publishPost, unpublishPost } from '../blog/repository.ts';

// Authoring without an admin screen:
//   npm run blog -- publish FILE.md     create or update the post named by the file's slug
//   npm run blog -- unpublish SLUG      hide a post from the blog
// Uses DATABASE_URL, or the embedded database in DATA_DIR (./data) like the server; while the server
// runs on that embedded database, through the server (db/pgliteThread.ts).

const USAGE = 'usage: npm run blog -- publish FILE.md | unpublish SLUG';

class UsageError extends Error {}

async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const config = loadConfig();
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((e) => {
    throw e instanceof DataDirInUseError ? new UsageError(e.message) : e;
  });
  try {
    await migrate(db);
    return await fn(db);
  } finally {
    await db.close();
  }
}

async function main(args: string[]): Promise<string> {
  const [command, target, ...extra] = args;
  if (!command || command === '--help' || command === '-h') throw new UsageError(USAGE);
  if (!target || extra.length) throw new UsageError(USAGE);
  if (command === 'publish') {
    let source: string;
    try {
      source = readFileSync(target, 'utf8');
    } catch (e) {
      throw new UsageError(`cannot read ${target}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
    }
    let post;
    try {
      post = parsePostFile(source);
    } catch (e) {
      throw new UsageError(`${target}: ${(e as Error).message}`);
    }
    const { created } = await withDb((db) => publishPost(db, post));
    return `${created ? 'published' : 'updated'} "${post.title}" at /blog/${post.slug}`;
  }
  if (command === 'unpublish') {
    const found = await withDb((db) => unpublishPost(db, target));
    if (!found) throw new UsageError(`no post with slug "${target}"`);
    return `unpublished /blog/${target}`;
  }
  throw new UsageError(`unknown command "${command}"; ${USAGE}`);
}

try {
  console.log(await main(process.argv.slice(2)));
} catch (e) {
  // One clear line and exit code 2, whatever went wrong (bad file, bad front matter, database down).
  const message = (e as Error).message.split('\n')[0];
  console.error(`blog: ${e instanceof UsageError ? message : `error: ${message}`}`);
  process.exitCode = 2;
}
