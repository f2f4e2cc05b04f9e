import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDriver } from '../helpers.js';
import { merchantWithNest } from '../offers/support.js';
import { countedSince } from './world.js';

// The fuzz reads every table's row count again only when the write-ahead log moved (world.ts): a write
// must move it, on PGlite as on PostgreSQL, or a refused request's write would go unseen.
describe('the fuzz’s row counts', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are read again after a write, and kept while nothing is written', async () => {
    // The first count creates its function (a write of its own).
    const before = await countedSince(t.app, await countedSince(t.app));
    // PGlite's log is this database's alone; PostgreSQL's is the server's, which the other tests'
    // databases write to at the same time: there the counts are only sure to be read again.
    if (testDriver === 'pglite') {
      expect(await countedSince(t.app, before)).toBe(before);
      const read = await t.app.inject({ method: 'GET', url: '/api/v1/plans' });
      expect(read.statusCode).toBe(200);
      expect(await countedSince(t.app, before)).toBe(before);
    }

    await merchantWithNest(t.app);
    const after = await countedSince(t.app, before);
    expect(after.wal).not.toBe(before.wal);
    expect(after.counts.users).toBe((before.counts.users ?? 0) + 1);
    expect(after.counts.nests).toBe((before.counts.nests ?? 0) + 1);
  });
});
