import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { createTestDatabase, testDriver } from '../helpers.js';

/** The kept PGlite databases of the API tests (ADR 220): each file still starts from an empty database. */
describe.runIf(testDriver === 'pglite')('a test database kept between files', () => {
  const rows = async (database: Database, query: string) =>
    ((await database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;
  /** Why the call failed (Drizzle wraps the driver's error as its cause). */
  const failure = (call: Promise<unknown>) =>
    call.then(
      () => 'no failure',
      (error: Error) => ((error.cause as Error | undefined) ?? error).message,
    );

  it('starts empty, its identities restarted and its session reset, whatever the last file left', async () => {
    const first = await createTestDatabase();
    await rows(first, `insert into jobs (name) values ('a'), ('b')`);
    await rows(first, `set time zone 'Pacific/Auckland'`);
    expect(await rows(first, 'select max(id)::int as id from jobs')).toEqual([{ id: 2 }]);
    const [before] = await rows(first, 'select txid_current()::text::bigint as xid');
    await first.close();

    const next = await createTestDatabase();
    // The same instance, emptied: its transaction ids go on (one started from the dump repeats them).
    const [after] = await rows(next, 'select txid_current()::text::bigint as xid');
    expect(Number(after!.xid)).toBeGreaterThan(Number(before!.xid));
    expect(await rows(next, 'select count(*)::int as n from jobs')).toEqual([{ n: 0 }]);
    await rows(next, `insert into jobs (name) values ('c')`);
    expect(await rows(next, 'select id::int from jobs')).toEqual([{ id: 1 }]);
    expect(await rows(next, 'show time zone')).not.toEqual([{ TimeZone: 'Pacific/Auckland' }]);
    await next.close();
  });

  it('refuses every query once its file closed it, so a forgotten app cannot touch the next file', async () => {
    const database = await createTestDatabase();
    await database.close();
    expect(await failure(rows(database, 'select 1'))).toMatch(/closed/);
    const next = await createTestDatabase();
    expect(await failure(rows(database, 'select 1'))).toMatch(/closed/);
    expect(await failure(database.db.transaction(async () => {}))).toMatch(/closed/);
    expect(await failure(database.listen('anything', () => {}))).toMatch(/closed/);
    await next.close();
  });

  it('is not kept once a test changed its schema', async () => {
    const changed = await createTestDatabase();
    await rows(changed, 'create table left_behind (id int)');
    await rows(changed, 'alter table jobs add column extra text');
    await changed.close();

    const next = await createTestDatabase();
    expect(await rows(next, `select to_regclass('public.left_behind') is null as gone`)).toEqual([
      { gone: true },
    ]);
    expect(
      await rows(
        next,
        `select count(*)::int as n from information_schema.columns where column_name = 'extra'`,
      ),
    ).toEqual([{ n: 0 }]);
    await next.close();
  });
});
