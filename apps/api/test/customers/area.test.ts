import { CUSTOMER_COOKIE } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerSessions, nestInvoices, nestSubscriptions } from '../../src/db/schema/index.js';
import { TOKEN_GRACE_MS, TOKEN_ROTATE_AFTER_MS } from '../../src/modules/customers/login-policy.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { addSubscriber, createOfferFor, merchantWithNest } from '../offers/support.js';
import { customerEmail, me, signInCustomer, subscribedCustomer } from './support.js';

describe('customer area', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function addInvoice(
    subscriptionId: string,
    values: { status: 'open' | 'paid'; amount: number; issuedAt: Date },
  ) {
    const [sub] = await t.db.select().from(nestSubscriptions).where(eq(nestSubscriptions.id, subscriptionId));
    const [row] = await t.db
      .insert(nestInvoices)
      .values({
        nestId: sub!.nestId,
        subscriptionId,
        customerId: sub!.customerId,
        provider: 'sandbox',
        providerInvoiceId: `in_${crypto.randomUUID()}`,
        providerSubscriptionId: sub!.providerSubscriptionId ?? 'sub_x',
        status: values.status,
        billingReason: 'subscription_cycle',
        amountDueCents: values.amount,
        amountPaidCents: values.status === 'paid' ? values.amount : 0,
        currency: 'eur',
        paidAt: values.status === 'paid' ? values.issuedAt : null,
        issuedAt: values.issuedAt,
      })
      .returning();
    return row!;
  }

  it('shows every subscription across nests with nest, offer, price and unpaid amount', async () => {
    const email = customerEmail('multi');
    const first = await subscribedCustomer(t.app, email, { offerName: 'Coffee club' });
    const second = await subscribedCustomer(t.app, email, { offerName: 'Gym pass' });
    await addInvoice(second.subscriptionId, { status: 'open', amount: 2900, issuedAt: new Date() });
    const cookies = await signInCustomer(t.app, email, '10.6.0.1');
    const response = await me(t.app, cookies);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.email).toBe(email);
    const byId = new Map(body.subscriptions.map((s: { id: string }) => [s.id, s]));
    expect([...byId.keys()].sort()).toEqual([first.subscriptionId, second.subscriptionId].sort());
    const gym = byId.get(second.subscriptionId) as Record<string, unknown>;
    expect(gym).toMatchObject({
      nest: { id: second.merchant.nest.id, name: second.merchant.nest.name, logo_url: null },
      offer: { name: 'Gym pass' },
      status: 'active',
      amount_cents: 2900,
      currency: 'EUR',
      interval: 'month',
      interval_count: 1,
      cancel_at_period_end: false,
      usage: null,
      reward: null,
      unpaid_amount_cents: 2900,
    });
    expect(gym.next_payment_at).toBe(gym.current_period_end);
    expect((byId.get(first.subscriptionId) as { unpaid_amount_cents: number }).unpaid_amount_cents).toBe(0);
  });

  it('shows reward progress of a paid-periods reward', async () => {
    const email = customerEmail('reward');
    const merchant = await merchantWithNest(t.app, 'pro');
    const offer = await createOfferFor(t.app, merchant, {
      name: 'Bread box',
      reward_rule: { kind: 'paid_periods', every: 3, reward_name: 'A free croissant' },
    });
    const added = await addSubscriber(t.app, offer.id, { email });
    const subscriptionId = (added as { subscription_id: string }).subscription_id;
    for (let i = 0; i < 4; i++)
      await addInvoice(subscriptionId, {
        status: 'paid',
        amount: 1500,
        issuedAt: new Date(Date.now() - i * 1000),
      });
    const cookies = await signInCustomer(t.app, email, '10.6.0.2');
    const [sub] = (await me(t.app, cookies)).json().subscriptions;
    expect(sub.reward).toEqual({
      rule: { kind: 'paid_periods', every: 3, reward_name: 'A free croissant' },
      progress: 1,
      target: 3,
    });
  });

  it('lists unpaid invoices and history of my own subscription only; another customer’s is a 404', async () => {
    const mine = await subscribedCustomer(t.app, customerEmail('mine'));
    const theirs = await subscribedCustomer(t.app, customerEmail('theirs'));
    const older = await addInvoice(mine.subscriptionId, {
      status: 'open',
      amount: 1000,
      issuedAt: new Date(Date.now() - 60_000),
    });
    const newer = await addInvoice(mine.subscriptionId, {
      status: 'open',
      amount: 1200,
      issuedAt: new Date(),
    });
    const paid = await addInvoice(mine.subscriptionId, {
      status: 'paid',
      amount: 1000,
      issuedAt: new Date(Date.now() - 120_000),
    });
    await addInvoice(theirs.subscriptionId, { status: 'open', amount: 999, issuedAt: new Date() });
    const cookies = await signInCustomer(t.app, mine.email, '10.6.0.3');

    const unpaid = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payments/external/nest-subs/${mine.subscriptionId}/invoices/unpaid`,
      cookies,
    });
    expect(unpaid.statusCode).toBe(200);
    expect(unpaid.json().invoices.map((i: { id: string }) => i.id)).toEqual([older.id, newer.id]);
    expect(unpaid.json().invoices[0]).toMatchObject({
      status: 'open',
      amount_due_cents: 1000,
      amount_paid_cents: 0,
    });

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/nest-customers/me/subscriptions/${mine.subscriptionId}/invoices`,
      cookies,
    });
    expect(history.json().invoices.map((i: { id: string }) => i.id)).toEqual([newer.id, older.id, paid.id]);

    for (const url of [
      `/api/v1/payments/external/nest-subs/${theirs.subscriptionId}/invoices/unpaid`,
      `/api/v1/nest-customers/me/subscriptions/${theirs.subscriptionId}/invoices`,
      '/api/v1/payments/external/nest-subs/not-a-uuid/invoices/unpaid',
      `/api/v1/payments/external/nest-subs/${crypto.randomUUID()}/invoices/unpaid`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, cookies });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payments/external/nest-subs/${mine.subscriptionId}/invoices/unpaid`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('does not let a merchant session stand in for a customer session', async () => {
    const { merchant, subscriptionId } = await subscribedCustomer(t.app, customerEmail('m'));
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payments/external/nest-subs/${subscriptionId}/invoices/unpaid`,
      cookies: merchant.cookies,
    });
    expect(response.statusCode).toBe(401);
  });

  it('rotates the session token after a day, slides the expiry, and refuses the old token after the grace window', async () => {
    const { email, customerId } = await subscribedCustomer(t.app, customerEmail('rotate'));
    const cookies = await signInCustomer(t.app, email, '10.6.0.4');
    const oldToken = cookies[CUSTOMER_COOKIE]!;
    const [before] = await t.db
      .select()
      .from(customerSessions)
      .where(eq(customerSessions.customerId, customerId));
    const dayAgo = new Date(Date.now() - TOKEN_ROTATE_AFTER_MS - 1000);
    await t.db
      .update(customerSessions)
      .set({ tokenIssuedAt: dayAgo, expiresAt: new Date(Date.now() + 5 * 24 * 3600 * 1000) })
      .where(eq(customerSessions.id, before!.id));

    const rotated = await me(t.app, cookies);
    expect(rotated.statusCode).toBe(200);
    const newCookie = rotated.cookies.find((c) => c.name === CUSTOMER_COOKIE)!;
    expect(newCookie.value).not.toBe(oldToken);
    expect(newCookie.maxAge).toBeGreaterThan(29 * 24 * 3600);
    const [after] = await t.db.select().from(customerSessions).where(eq(customerSessions.id, before!.id));
    expect(after!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);

    // Within the grace window, requests still in flight with the old token pass.
    expect((await me(t.app, { [CUSTOMER_COOKIE]: oldToken })).statusCode).toBe(200);
    await t.db
      .update(customerSessions)
      .set({ rotatedAt: new Date(Date.now() - TOKEN_GRACE_MS - 1000) })
      .where(eq(customerSessions.id, before!.id));
    const replay = await me(t.app, { [CUSTOMER_COOKIE]: oldToken });
    expect(replay.statusCode).toBe(401);
    expect((await me(t.app, { [CUSTOMER_COOKIE]: newCookie.value })).statusCode).toBe(200);
  });

  it('refuses an expired session', async () => {
    const { email, customerId } = await subscribedCustomer(t.app, customerEmail('expired'));
    const cookies = await signInCustomer(t.app, email, '10.6.0.5');
    await t.db
      .update(customerSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(customerSessions.customerId, customerId));
    expect((await me(t.app, cookies)).statusCode).toBe(401);
  });

  it('replaces the browser’s previous session when signing in again', async () => {
    const { email, customerId } = await subscribedCustomer(t.app, customerEmail('again'));
    const first = await signInCustomer(t.app, email, '10.6.0.6');
    const { askLogin, lastLoginMail } = await import('./support.js');
    await askLogin(t.app, { email }, '10.6.0.6', first);
    const { code } = await lastLoginMail(t.app, email);
    const second = await askLogin(t.app, { email, code }, '10.6.0.6', first);
    expect(second.statusCode).toBe(200);
    expect((await me(t.app, first)).statusCode).toBe(401);
    const sessions = await t.db
      .select()
      .from(customerSessions)
      .where(eq(customerSessions.customerId, customerId));
    expect(sessions.filter((s) => s.revokedReason === 'replaced_by_login')).toHaveLength(1);
  });
});
