import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/db/client.js';
import { codeLookupOf, passCode, passStep } from '../../src/modules/subscriptions/pass-format.js';
import { codeLookupsOf } from '../../src/modules/subscriptions/pass-verify.js';
import { canceledSince, withCodeLookups } from '../../src/modules/verification/find-by-code.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { counterHelpers } from './support.js';

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** Two ids whose code lookups are the same (the first 40 bits of SHA-256 over their bytes). */
const TWINS = ['c1017281-f10d-4c50-856e-76ebcb0ab91c', '0354af7b-fe5a-495d-a0b7-7230dbe24dbc'];

describe('a typed code at the counter is one indexed lookup (ADR 108)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const { secret, counter, subscriber, answer, code } = counterHelpers(() => t);

  /** `count` more active subscriptions in the subscriber's nest (same customer and price), at once. */
  async function crowd(subscriptionId: string, count: number, ids: string[] = []) {
    const copy = sql`select nest_id, customer_id, offer_price_id, 'active', provider from nest_subscriptions where id = ${subscriptionId}`;
    if (ids.length === 0) {
      await t.db.execute(sql`insert into nest_subscriptions (nest_id, customer_id, offer_price_id, status, provider)
        select s.* from (${copy}) s, generate_series(1, ${count})`);
    }
    for (const id of ids) {
      await t.db.execute(sql`insert into nest_subscriptions (id, nest_id, customer_id, offer_price_id, status, provider)
        select ${id}::uuid, s.* from (${copy}) s`);
    }
    await t.db.execute(sql`analyze nest_subscriptions`);
  }

  it('finds a code among 20,000 subscribers of the nest through the (nest_id, code_lookup) index', async () => {
    const { merchant, offer } = await counter();
    const mine = await subscriber(offer.id);
    await crowd(mine.id, 20_000);

    const typed = await code(mine.id);
    expect(await answer(merchant, { code: typed })).toMatchObject({
      result: 'eligible',
      subscription: { id: mine.id },
    });
    const lookup = withCodeLookups(
      t.db,
      offer.nest_id,
      codeLookupsOf(secret(), typed),
      canceledSince(new Date()),
    );
    const plan = rowsOf(await t.db.execute(sql`explain ${lookup}`))
      .map((row) => String(Object.values(row)[0]))
      .join('\n');
    expect(plan).toContain('nest_subscriptions_code_idx');
    // The subscriptions are reached by the index; the nest, customer and offer it joins are one row each.
    expect(plan).not.toContain('Seq Scan on nest_subscriptions');
    const found = await lookup;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ id: mine.id, codeLookup: codeLookupOf(mine.id), status: 'active' });
  });

  it('names nobody when two of the nest’s subscribers share a code lookup', async () => {
    const { merchant, offer } = await counter();
    const mine = await subscriber(offer.id);
    await crowd(mine.id, 0, TWINS);
    expect(codeLookupOf(TWINS[0]!)).toBe(codeLookupOf(TWINS[1]!));
    expect(await answer(merchant, { code: await code(TWINS[0]!) })).toMatchObject({
      result: 'not_eligible',
      reason: 'unknown_code',
      subscription: null,
    });
  });

  it('matches the previous step’s code, this step’s first', async () => {
    const { merchant, offer } = await counter();
    const mine = await subscriber(offer.id);
    const previous = passCode(secret(), mine.id, passStep(new Date()) - 1);
    expect(await answer(merchant, { code: previous })).toMatchObject({ subscription: { id: mine.id } });
  });

  it('gives the subscriptions that exist before the migration their code lookup', async () => {
    const { merchant, offer } = await counter();
    const existing = [await subscriber(offer.id), await subscriber(offer.id, 'trialing')];
    // Back to the schema before the migration, then the migration itself on the existing rows.
    await t.db.execute(sql`alter table nest_subscriptions drop column code_lookup`);
    const migration = readFileSync(path.join(migrationsFolder, '0007_pass_code_lookup.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint'))
      await t.db.execute(sql.raw(statement));

    const rows = rowsOf(await t.db.execute(sql`select id, code_lookup from nest_subscriptions`));
    expect(rows.length).toBeGreaterThanOrEqual(existing.length);
    for (const row of rows) expect(Number(row.code_lookup)).toBe(codeLookupOf(String(row.id)));
    for (const { id } of existing) {
      expect(await answer(merchant, { code: await code(id) })).toMatchObject({ subscription: { id } });
    }
  });
});
