import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  nestSubscriptions,
  nestTransactions,
  sandboxCheckoutSessions,
  sandboxCustomers,
} from '../../src/db/schema/index.js';
import { accountEvents, deliverAgain } from '../checkout/support.js';
import { customerEmail, me, signInCustomer } from '../customers/support.js';
import { readMail } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createLinkFor, payCheckout, sellingMerchant, startLinkCheckout } from '../links/support.js';
import { advanceClock, CARDS, submitCard } from '../payments/support.js';

describe('customer card update on the connected account (sandbox provider)', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A customer who subscribed through a link with the given card, signed in. */
  async function subscriber(card: string, locale: 'en-US' | 'fr-FR' = 'en-US') {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const email = customerEmail('card');
    const checkout = await startLinkCheckout(t.app, link.nest_link_id, { email, locale });
    await payCheckout(t.app, checkout.path, card);
    const cookies = await signInCustomer(t.app, email, `10.8.${Math.floor(Math.random() * 250)}.1`);
    const subscriptionId = (await me(t.app, cookies)).json().subscriptions[0].id as string;
    return { merchant, email, cookies, subscriptionId };
  }

  const startSession = (subscriptionId: string, cookies: Record<string, string>, locale = 'en-US') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/payments/external/nest-subs/${subscriptionId}/card-update-session`,
      cookies,
      headers: { 'accept-language': locale },
    });

  const revenueOf = async (merchant: { cookies: Record<string, string> }) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/revenue/current', cookies: merchant.cookies })).json()
      .month_cents as number;

  it('a failed renewal: the hosted page on the account takes a new card, pays the invoice once, and the subscription is active', async () => {
    const { merchant, email, cookies, subscriptionId } = await subscriber(CARDS.failsAtRenewal, 'fr-FR');
    await advanceClock(t.app, merchant, 32);
    expect((await me(t.app, cookies)).json().subscriptions[0]).toMatchObject({
      status: 'past_due',
      unpaid_amount_cents: 2900,
    });
    const revenueBefore = await revenueOf(merchant);

    const started = await startSession(subscriptionId, cookies, 'fr-FR');
    expect(started.statusCode).toBe(200);
    const url = new URL(started.json().url);
    expect(url.pathname).toMatch(/^\/sandbox\/pay\/cs_test_/);
    const sessionId = url.pathname.split('/').pop()!;
    const [session] = await t.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.id, sessionId));
    // On the merchant's connected account, for this subscription, in setup mode.
    expect(session).toMatchObject({ mode: 'setup', accountId: merchant.accountId, status: 'open' });
    expect(session!.metadata).toMatchObject({ nest_kind: 'nest_card_update' });
    const page = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(page.statusCode).toBe(200);

    // The page refuses a declined card and changes nothing.
    expect((await submitCard(t.app, url.pathname, CARDS.declined)).statusCode).toBe(402);
    expect((await me(t.app, cookies)).json().subscriptions[0].status).toBe('past_due');

    const paid = await submitCard(t.app, url.pathname, CARDS.ok);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `${t.app.config.publicUrl}/client/app/overview?pay=${subscriptionId}&card=updated`,
    );
    await t.app.jobs.drain();

    const after = (await me(t.app, cookies)).json().subscriptions[0];
    expect(after).toMatchObject({ status: 'active', unpaid_amount_cents: 0 });
    const [row] = await t.db.select().from(nestSubscriptions).where(eq(nestSubscriptions.id, subscriptionId));
    const [customer] = await t.db
      .select()
      .from(sandboxCustomers)
      .where(eq(sandboxCustomers.id, row!.providerCustomerId!));
    expect(customer).toMatchObject({ cardLast4: '4242', cardBehavior: 'succeeds' });
    const payments = () =>
      t.db.select().from(nestTransactions).where(eq(nestTransactions.subscriptionId, subscriptionId));
    expect(await payments()).toHaveLength(2);
    expect(await revenueOf(merchant)).toBe(revenueBefore + 2900);
    const receipts = () =>
      readMail(t.app, email).then((m) => m.filter((x) => x.subject.startsWith('Votre reçu')));
    expect(await receipts()).toHaveLength(2);

    // Every event delivered again (same id, then a new id): nothing more is charged, recorded or sent.
    for (const event of await accountEvents(t.app, merchant.user.id)) {
      expect((await deliverAgain(t.app, event)).statusCode).toBe(200);
      expect((await deliverAgain(t.app, event, `evt_again_${event.id}`)).statusCode).toBe(200);
    }
    await t.app.jobs.drain();
    expect(await payments()).toHaveLength(2);
    expect(await receipts()).toHaveLength(2);
    expect(await revenueOf(merchant)).toBe(revenueBefore + 2900);

    // The session is over: its page says so.
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(410);
    // The next renewal is charged on the new card.
    await advanceClock(t.app, merchant, 31);
    expect((await me(t.app, cookies)).json().subscriptions[0]).toMatchObject({ status: 'active' });
    expect(await payments()).toHaveLength(3);
  });

  it('a card update while nothing is owed only replaces the card', async () => {
    const { cookies, subscriptionId } = await subscriber(CARDS.ok);
    const started = await startSession(subscriptionId, cookies);
    expect(started.statusCode).toBe(200);
    const path = new URL(started.json().url).pathname;
    expect((await submitCard(t.app, path, '5555 5555 5555 4444')).statusCode).toBe(303);
    await t.app.jobs.drain();
    const [row] = await t.db.select().from(nestSubscriptions).where(eq(nestSubscriptions.id, subscriptionId));
    const [customer] = await t.db
      .select()
      .from(sandboxCustomers)
      .where(eq(sandboxCustomers.id, row!.providerCustomerId!));
    expect(customer).toMatchObject({ cardLast4: '4444', cardBrand: 'mastercard' });
    expect(row!.status).toBe('active');
    expect(
      await t.db.select().from(nestTransactions).where(eq(nestTransactions.subscriptionId, subscriptionId)),
    ).toHaveLength(1);
  });

  it('only the owner: another customer’s subscription is a 404, no session a 401, an unknown id a 404', async () => {
    const a = await subscriber(CARDS.ok);
    const b = await subscriber(CARDS.ok);
    const foreign = await startSession(b.subscriptionId, a.cookies);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toContain('application/problem+json');
    expect((await startSession(a.subscriptionId, {})).statusCode).toBe(401);
    expect((await startSession('not-a-uuid', a.cookies)).statusCode).toBe(404);
    expect((await startSession(crypto.randomUUID(), a.cookies)).statusCode).toBe(404);
    const sessions = await t.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.mode, 'setup'));
    expect(sessions.filter((s) => s.accountId === b.merchant.accountId)).toHaveLength(0);
  });

  it('an ended subscription has no card to update: 409', async () => {
    const { cookies, subscriptionId } = await subscriber(CARDS.ok);
    await t.db
      .update(nestSubscriptions)
      .set({ status: 'canceled' })
      .where(eq(nestSubscriptions.id, subscriptionId));
    const response = await startSession(subscriptionId, cookies);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('conflict');
  });
});
