import { loadConfig } from '../config.ts';
import { openDb } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import { rotateSecretKey } from '../accounts/secretKey.ts';

// npm run secret -- rotate: replaces the kept signing key with a new random one; every session ends
// and users sign in again. On PostgreSQL the key lives in the database: sessions end at once, and each
// server process signs with the new key once restarted. On the embedded database the key is the file
// DATA_DIR/secret_key: the server takes it (and ends the sessions) at its next start.

const USAGE = 'usage: npm run secret -- rotate';

async function main(args: string[]): Promise<string> {
  if (args.length !== 1 || args[0] !== 'rotate') throw new Error(USAGE);
  if (process.env.SECRET_KEY)
    throw new Error('SECRET_KEY is set in the environment, so it is the key: change it there (e.g. `openssl rand -base64 48`) and restart every server process');
  const config = loadConfig();
  if (!config.databaseUrl) {
    const where = await rotateSecretKey({ dataDir: config.dataDir });
    return `new signing key written to ${where}; restart the server: every session ends and users sign in again`;
  }
  const db = await openDb({ databaseUrl: config.databaseUrl });
  try {
    await migrate(db);
    const where = await rotateSecretKey({ db });
    return `new signing key kept in ${where}; every session has ended. Restart every server process so that they sign with it`;
  } finally {
    await db.close();
  }
}

try {
  console.log(await main(process.argv.slice(2)));
} catch (e) {
  console.error(`secret: ${(e as Error).message.split('\n')[0]}`);
  process.exitCode = 2;
}
