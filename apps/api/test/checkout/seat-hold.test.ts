import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nestCheckouts, sandboxAccounts, sandboxCheckoutSessions } from '../../src/db/schema/index.js';
import { SEAT_HOLD_MINUTES } from '../../src/modules/checkout/seat-hold.js';
import { uniqueEmail } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import {
  createLinkFor,
  payCheckout,
  postCheckout,
  readPublicLink,
  sellingMerchant,
  startLinkCheckout,
} from '../links/support.js';

describe('the last places of a limited offer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('are sold once when several people start paying for them at the same moment', async () => {
    const merchant = await sellingMerchant(t.app, { offer: { capacity: 2 } });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id, 'Counter');
    const page = await readPublicLink(t.app, link.nest_link_id);

    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        postCheckout(
          t.app,
          link.nest_link_id,
          { email: uniqueEmail(`buyer${i}`), name: 'Jeanne', price_version_id: page.price_version_id },
          { ip: `198.51.100.${i + 1}` },
        ),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(refused.json().code).toBe('offer_at_capacity');
    }
    const checkouts = await t.db.select().from(nestCheckouts).where(eq(nestCheckouts.linkId, link.id));
    expect(checkouts).toHaveLength(2);
    expect(checkouts.every((c) => c.providerSessionId.startsWith('cs_test_'))).toBe(true);
  });

  it('is held for the time the provider keeps the session payable, then given back', async () => {
    const merchant = await sellingMerchant(t.app, { offer: { capacity: 1 } });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id, 'Counter');
    const first = await startLinkCheckout(t.app, link.nest_link_id, { email: uniqueEmail('first') });
    const [session] = await t.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.id, first.sessionId));
    const lifetimeMs = session!.expiresAt.getTime() - session!.createdAt.getTime();
    expect(lifetimeMs).toBe(SEAT_HOLD_MINUTES * 60_000);

    // Someone else is paying for the only place: refused.
    await expect(
      startLinkCheckout(t.app, link.nest_link_id, { email: uniqueEmail('second') }),
    ).rejects.toThrow(/409.*offer_at_capacity/);
    // The first buyer walked away; once the hold is over, the place is for sale again.
    const past = new Date(Date.now() - (SEAT_HOLD_MINUTES + 1) * 60_000);
    await t.db.update(nestCheckouts).set({ createdAt: past }).where(eq(nestCheckouts.linkId, link.id));
    const third = await startLinkCheckout(t.app, link.nest_link_id, { email: uniqueEmail('third') });
    await payCheckout(t.app, third.path);
    expect((await readPublicLink(t.app, link.nest_link_id)).availability).toBe('at_capacity');
  });

  it('does not hold anything for an offer without a limit, and gives a place back when the provider refuses', async () => {
    const merchant = await sellingMerchant(t.app, { offer: { capacity: null } });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id, 'Counter');
    const started = await startLinkCheckout(t.app, link.nest_link_id, { email: uniqueEmail('free') });
    const [session] = await t.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.id, started.sessionId));
    expect(session!.expiresAt.getTime() - session!.createdAt.getTime()).toBe(24 * 3600_000);

    const limited = await sellingMerchant(t.app, { offer: { capacity: 1 } });
    const limitedLink = await createLinkFor(t.app, limited, limited.offer.id, 'Counter');
    const page = await readPublicLink(t.app, limitedLink.nest_link_id);
    await t.db
      .update(sandboxAccounts)
      .set({ chargesEnabled: false })
      .where(eq(sandboxAccounts.id, limited.accountId!));
    const refused = await postCheckout(t.app, limitedLink.nest_link_id, {
      email: uniqueEmail('refused'),
      name: 'Jeanne',
      price_version_id: page.price_version_id,
    });
    expect(refused.statusCode).toBe(502);
    expect(await t.db.select().from(nestCheckouts).where(eq(nestCheckouts.linkId, limitedLink.id))).toEqual(
      [],
    );
  });
});
