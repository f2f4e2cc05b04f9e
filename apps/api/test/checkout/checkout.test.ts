import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nestCustomers, sandboxCheckoutSessions } from '../../src/db/schema/index.js';
import { readMail, uniqueEmail } from '../fixtures/merchants.js';
import { createTestApp, type TestApp, testDriver } from '../helpers.js';
import {
  createLinkFor,
  payCheckout,
  postCheckout,
  readPublicLink,
  sellingMerchant,
  startLinkCheckout,
  subscribeThroughLink,
} from '../links/support.js';
import { addSubscriber } from '../offers/support.js';
import { CARDS } from '../payments/support.js';
import { accountEvents, deliverAgain, nestState } from './support.js';

const PUBLIC_URL = 'http://localhost:3000';

describe('subscribing through a link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('goes from the link page to the provider’s page to a paid subscription, with customer, invoice, payment, receipt and counters', async () => {
    const merchant = await sellingMerchant(t.app, { offer: { amount_cents: 2900, name: 'Café du matin' } });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id, 'Counter');
    const email = uniqueEmail('Jeanne');

    const checkout = await startLinkCheckout(t.app, link.nest_link_id, {
      email,
      name: 'Jeanne Dupont',
      locale: 'fr-FR',
    });
    // The sandbox's hosted page, on the merchant's connected account, for the offer's current price.
    expect(checkout.url).toMatch(new RegExp(`^${PUBLIC_URL}/sandbox/checkout/cs_test_\\w+$`));
    const [session] = await t.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.id, checkout.sessionId));
    expect(session).toMatchObject({
      accountId: merchant.accountId,
      amountCents: 2900,
      interval: 'month',
      customerEmail: email,
      cancelUrl: link.url,
      successUrl: `${PUBLIC_URL}/client/app/subscriptions/success?session_id=${checkout.sessionId}`,
    });
    expect(session!.subscriptionMetadata).toMatchObject({
      nest_kind: 'nest_subscription',
      nest_fee_bps: '200',
    });
    const hostedPage = await t.app.inject({ method: 'GET', url: checkout.path });
    expect(hostedPage.statusCode).toBe(200);

    const returned = await payCheckout(t.app, checkout.path);
    expect(returned.toString()).toBe(session!.successUrl);

    const state = await nestState(t.app, merchant.offer.nest_id);
    const customer = state.customers.find((c) => c.email.toLowerCase() === email.toLowerCase());
    expect(customer).toMatchObject({ name: 'Jeanne Dupont', locale: 'fr-FR' });
    expect(state.subscriptions).toHaveLength(1);
    const subscription = state.subscriptions[0]!;
    expect(subscription).toMatchObject({
      customerId: customer!.id,
      offerPriceId: merchant.offer.current_version_id,
      status: 'active',
      linkId: link.id,
      provider: 'sandbox',
      cancelAtPeriodEnd: false,
    });
    expect(subscription.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 27 * 24 * 3600 * 1000);
    expect(state.invoices).toHaveLength(1);
    expect(state.invoices[0]).toMatchObject({
      subscriptionId: subscription.id,
      status: 'paid',
      billingReason: 'subscription_create',
      amountPaidCents: 2900,
    });
    expect(state.payments).toHaveLength(1);
    expect(state.payments[0]).toMatchObject({
      kind: 'payment',
      status: 'succeeded',
      amountCents: 2900,
      feeCents: 58,
      netCents: 2842,
      invoiceId: state.invoices[0]!.id,
      subscriptionId: subscription.id,
    });
    expect(state.checkouts[0]).toMatchObject({ subscriptionId: subscription.id, email });

    const mail = await readMail(t.app, email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Votre reçu de Café Lumière');
    expect(mail[0]!.text).toContain('29,00');
    expect(mail[0]!.text).toContain('« Café du matin »');

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/links', cookies: merchant.cookies });
    expect(list.json().items[0]).toMatchObject({ visits: 1, checkouts_started: 1, subscriptions_won: 1 });
  });

  it('keeps one customer identity per email across nests, whatever its case', async () => {
    const first = await sellingMerchant(t.app);
    const second = await sellingMerchant(t.app);
    const email = uniqueEmail('paul');
    const a = await createLinkFor(t.app, first, first.offer.id);
    const b = await createLinkFor(t.app, second, second.offer.id);
    await subscribeThroughLink(t.app, a.nest_link_id, { email, name: 'Paul Martin' });
    await subscribeThroughLink(t.app, b.nest_link_id, { email: email.toUpperCase(), name: 'Someone Else' });
    const customers = await t.db
      .select()
      .from(nestCustomers)
      .where(eq(sql`lower(${nestCustomers.email})`, email.toLowerCase()));
    expect(customers).toHaveLength(1);
    // Whoever types an email at a checkout does not rename its owner.
    expect(customers[0]!.name).toBe('Paul Martin');
    const [one, two] = await Promise.all([
      nestState(t.app, first.offer.nest_id),
      nestState(t.app, second.offer.nest_id),
    ]);
    expect(one.subscriptions[0]!.customerId).toBe(customers[0]!.id);
    expect(two.subscriptions[0]!.customerId).toBe(customers[0]!.id);
  });

  it('makes one of each however many times, and under however many ids, the events arrive', async () => {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const email = uniqueEmail('dup');
    await subscribeThroughLink(t.app, link.nest_link_id, { email });
    const events = (await accountEvents(t.app, merchant.user.id)).filter((e) => e.type !== 'account.updated');
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']),
    );
    for (const event of events) {
      for (let i = 0; i < 3; i++) {
        const same = await deliverAgain(t.app, event);
        expect(same.json()).toEqual({ received: true, duplicate: true });
      }
      const another = await deliverAgain(t.app, event, `${event.id}_again`);
      expect(another.json()).toEqual({ received: true, duplicate: false });
    }
    if (testDriver === 'postgres') {
      // Concurrent deliveries of new events about the same objects, as several API processes would get them.
      await Promise.all(
        events.flatMap((event) =>
          Array.from({ length: 5 }, (_, i) => deliverAgain(t.app, event, `${event.id}_concurrent_${i}`)),
        ),
      );
    }
    await t.app.jobs.drain();
    const state = await nestState(t.app, merchant.offer.nest_id);
    expect(state.subscriptions).toHaveLength(1);
    expect(state.invoices).toHaveLength(1);
    expect(state.payments).toHaveLength(1);
    expect(state.links[0]).toMatchObject({ checkoutsStarted: 1, subscriptionsWon: 1 });
    expect(await readMail(t.app, email)).toHaveLength(1);
  });

  it('makes nothing when the card is declined, and counts the checkout only', async () => {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const checkout = await startLinkCheckout(t.app, link.nest_link_id, { email: uniqueEmail('declined') });
    const declined = await t.app.inject({
      method: 'POST',
      url: checkout.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        card_number: CARDS.insufficientFunds,
        card_expiry: '12 / 34',
        card_cvc: '123',
        card_name: 'J',
      }).toString(),
    });
    expect(declined.statusCode).toBe(402);
    await t.app.jobs.drain();
    const state = await nestState(t.app, merchant.offer.nest_id);
    expect(state.subscriptions).toHaveLength(0);
    expect(state.payments).toHaveLength(0);
    expect(state.links[0]).toMatchObject({ checkoutsStarted: 1, subscriptionsWon: 0 });
  });

  it('charges the price the visitor saw, or says clearly that it changed (edited in place)', async () => {
    const merchant = await sellingMerchant(t.app, { offer: { amount_cents: 2900 } });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const seen = await readPublicLink(t.app, link.nest_link_id);
    // Nobody subscribed yet: the edit changes the current version in place, with a new provider price.
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/offers/${merchant.offer.id}`,
      cookies: merchant.cookies,
      payload: { amount_cents: 3500 },
    });
    expect(edited.json().current_version_id).toBe(merchant.offer.current_version_id);
    const body = {
      email: uniqueEmail('late'),
      name: 'Late Visitor',
      price_version_id: seen.price_version_id,
    };
    const refused = await postCheckout(t.app, link.nest_link_id, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'price_changed',
      title: 'The price has changed',
      detail:
        'The price of this subscription has just changed to €35.00 per month. Please check it and subscribe again.',
    });
    const french = await postCheckout(t.app, link.nest_link_id, { ...body, locale: 'fr-FR' });
    expect(french.json().detail).toContain('35,00');
    expect(french.json().detail).toContain('par mois');

    const reloaded = await readPublicLink(t.app, link.nest_link_id);
    expect(reloaded.offer.amount_cents).toBe(3500);
    const accepted = await postCheckout(t.app, link.nest_link_id, {
      ...body,
      price_version_id: reloaded.price_version_id,
    });
    expect(accepted.statusCode).toBe(200);
    const sessionId = new URL(accepted.json().url).pathname.split('/').pop()!;
    const [session] = await t.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.id, sessionId));
    expect(session!.amountCents).toBe(3500);
  });

  it('refuses the old price once a new version exists for new subscribers', async () => {
    const merchant = await sellingMerchant(t.app, { offer: { amount_cents: 2900, interval: 'month' } });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    await addSubscriber(t.app, merchant.offer.id);
    const seen = await readPublicLink(t.app, link.nest_link_id);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/offers/${merchant.offer.id}`,
      cookies: merchant.cookies,
      payload: { interval: 'year', amount_cents: 29000 },
    });
    const refused = await postCheckout(t.app, link.nest_link_id, {
      email: uniqueEmail('v1'),
      name: 'Old Page',
      price_version_id: seen.price_version_id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('€290.00 per year');
  });

  it('validates the visitor’s input with the failing fields', async () => {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const response = await postCheckout(t.app, link.nest_link_id, {
      email: 'not-an-email',
      name: '',
      price_version_id: '',
      locale: 'de-DE',
      card: '4242',
    });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['card', 'email', 'locale', 'name', 'price_version_id']);
    const state = await nestState(t.app, merchant.offer.nest_id);
    expect(state.checkouts).toHaveLength(0);
  });

  it('limits checkout starts per address', async () => {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const page = await readPublicLink(t.app, link.nest_link_id);
    const body = { email: uniqueEmail('bot'), name: 'Bot', price_version_id: page.price_version_id };
    for (let i = 0; i < 30; i++) {
      const ok = await postCheckout(t.app, link.nest_link_id, body, { ip: '203.0.113.77' });
      expect(ok.statusCode).toBe(200);
    }
    const limited = await postCheckout(t.app, link.nest_link_id, body, { ip: '203.0.113.77' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await postCheckout(t.app, link.nest_link_id, body, { ip: '203.0.113.78' });
    expect(elsewhere.statusCode).toBe(200);
  });
});
