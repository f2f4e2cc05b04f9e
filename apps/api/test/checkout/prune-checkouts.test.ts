import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nestCheckouts, nestLinks } from '../../src/db/schema/index.js';
import { PRUNE_CHECKOUTS_JOB, pruneAbandonedCheckouts } from '../../src/modules/checkout/prune-checkouts.js';
import { createTestApp, type TestApp, testDriver } from '../helpers.js';
import { createLinkFor, sellingMerchant, startLinkCheckout, subscribeThroughLink } from '../links/support.js';

describe(`pruning abandoned checkouts (${testDriver})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const backdate = (sessionId: string, days: number) =>
    t.db
      .update(nestCheckouts)
      .set({ createdAt: sql`now() - make_interval(days => ${days}::integer)` })
      .where(eq(nestCheckouts.providerSessionId, sessionId));
  const sessionsLeft = async (ids: string[]) =>
    (
      await t.db
        .select({ id: nestCheckouts.providerSessionId })
        .from(nestCheckouts)
        .where(inArray(nestCheckouts.providerSessionId, ids))
    )
      .map((r) => r.id)
      .sort();

  it('deletes checkouts nobody finished after 7 days, keeps recent and completed ones and the link’s counters', async () => {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const old = await startLinkCheckout(t.app, link.nest_link_id, { email: 'old@example.com' });
    const recent = await startLinkCheckout(t.app, link.nest_link_id, { email: 'recent@example.com' });
    const paid = await subscribeThroughLink(t.app, link.nest_link_id, { email: 'paid@example.com' });
    await backdate(old.sessionId, 8);
    await backdate(recent.sessionId, 6);
    await backdate(paid.sessionId, 30);

    // Through the job, as the daily schedule runs it.
    await t.app.jobs.enqueue(PRUNE_CHECKOUTS_JOB, {});
    await t.app.jobs.drain();

    expect(await sessionsLeft([old.sessionId, recent.sessionId, paid.sessionId])).toEqual(
      [recent.sessionId, paid.sessionId].sort(),
    );
    const [counters] = await t.db
      .select({ started: nestLinks.checkoutsStarted, won: nestLinks.subscriptionsWon })
      .from(nestLinks)
      .where(eq(nestLinks.id, link.id));
    expect(counters).toEqual({ started: 3, won: 1 });
  });

  it('deletes any number of them, in batches', async () => {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const started = await startLinkCheckout(t.app, link.nest_link_id, { email: 'model@example.com' });
    const [model] = await t.db
      .select()
      .from(nestCheckouts)
      .where(eq(nestCheckouts.providerSessionId, started.sessionId));
    const rows = Array.from({ length: 2345 }, (_, i) => ({
      ...model!,
      id: randomUUID(),
      providerSessionId: `cs_abandoned_${i}_${randomUUID()}`,
      createdAt: new Date(Date.now() - 10 * 24 * 60 * 60 * 1000),
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.db.insert(nestCheckouts).values(rows.slice(i, i + 500));
    expect(await pruneAbandonedCheckouts(t.db)).toBe(2345);
    expect(await pruneAbandonedCheckouts(t.db)).toBe(0);
    // The recent one of this link is still there.
    expect(await sessionsLeft([started.sessionId])).toEqual([started.sessionId]);
  });
});
