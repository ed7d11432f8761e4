import { describe, expect, it } from 'vitest';
import { emptyPostgres } from '../test/testApp.ts';
import { openPostgres } from './index.ts';

// A test drops its database WITH (FORCE) right after closing it; a connection still open then is
// ended by the server with an error that no listener hears any more, and the test run fails.
describe.runIf(process.env.DATABASE_URL)('closing a PostgreSQL database', () => {
  it('resolves once its connections have closed, not when they were told to', async () => {
    const database = await emptyPostgres();
    const sockets = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap').length;
    const before = sockets();
    try {
      const db = await openPostgres(database.url);
      // several connections at once, so the pool holds more than one
      await Promise.all(Array.from({ length: 5 }, () => db.query('SELECT pg_sleep(0.05)')));
      expect(sockets()).toBeGreaterThan(before);
      await db.close();
      // (at most: the worker's earlier files may still be closing sockets of their own)
      expect(sockets()).toBeLessThanOrEqual(before);
    } finally {
      await database.drop();
    }
  });
});
