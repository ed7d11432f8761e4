import { describe, expect, it } from 'vitest';
import { freshDb } from './testApp.ts';
import { openQueue } from '../jobs/queue.ts';

// The API tests' in-memory databases are kept from one test to the next (templateDb.ts): what the
// next test gets must be as new.
describe('a kept in-memory test database', () => {
  it('comes to the next test empty: no rows, ids from 1, no job queue, no session settings', async () => {
    const first = await freshDb('pglite');
    await first.query(`INSERT INTO users (email, username) VALUES ('a@example.com', 'a'), ('b@example.com', 'b')`);
    await first.query(`INSERT INTO app_meta (key, value) VALUES ('left', '{}'::jsonb)`);
    const queue = await openQueue(first);
    await queue.stop(1000);
    await first.exec(`SET TIME ZONE 'Asia/Tokyo'`);
    await first.drop();
    await expect(first.query('SELECT 1')).rejects.toThrow(/dropped/); // a late query of the last test

    const next = await freshDb('pglite');
    try {
      expect(await next.query('SELECT count(*)::int AS n FROM app_meta')).toEqual([{ n: 0 }]);
      expect(await next.query(`SELECT nspname FROM pg_namespace WHERE nspname = 'pgboss'`)).toEqual([]);
      expect((await next.query<{ TimeZone: string }>('SHOW TIME ZONE'))[0]).not.toMatchObject({ TimeZone: 'Asia/Tokyo' });
      const [u] = await next.query<{ id: number }>(`INSERT INTO users (email, username) VALUES ('c@example.com', 'c') RETURNING id`);
      expect(u.id).toBe(1);
      expect((await next.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations'))[0].n).toBeGreaterThan(10);
    } finally {
      await next.drop();
    }
  });

  it('is not kept when a test changed its tables', async () => {
    const changed = await freshDb('pglite');
    await changed.exec('CREATE TABLE probe_left_behind (id int)');
    await changed.drop();
    const next = await freshDb('pglite');
    try {
      expect(await next.query(`SELECT 1 FROM pg_tables WHERE tablename = 'probe_left_behind'`)).toEqual([]);
    } finally {
      await next.drop();
    }
  });
});
