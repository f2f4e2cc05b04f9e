import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  payoutAccounts,
  sandboxAccounts,
  sandboxPaymentAttempts,
  sandboxPayouts,
} from '../../src/db/schema/index.js';
import { type SignedInMerchant, signUpMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { advanceClock, form } from './support.js';

const IBAN = 'FR14 2004 1010 0505 0001 3M02 606';

describe('the sandbox’s connected accounts: hosted onboarding and scheduled payouts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const links = (accountId: string) => ({
    refreshUrl: `http://localhost:3000/admin/onboarding/stripe-connect/refresh/${accountId}`,
    returnUrl: `http://localhost:3000/admin/onboarding/stripe-connect/return/${accountId}`,
  });

  async function accountOf(merchant: SignedInMerchant, businessName = 'Café Lumière') {
    const account = await t.app.payments.createConnectedAccount(
      { ownerId: merchant.user.id, email: merchant.user.email, country: 'FR', businessName, metadata: {} },
      { idempotencyKey: `payout-account:${merchant.user.id}` },
    );
    await t.db
      .insert(payoutAccounts)
      .values({ userId: merchant.user.id, provider: 'sandbox', providerAccountId: account.id });
    const link = await t.app.payments.createAccountLink(account.id, links(account.id));
    return { account, link, path: new URL(link.url).pathname + new URL(link.url).search };
  }

  const submit = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: form(fields),
    });

  it('onboards through the hosted page: business name and IBAN, then back to the return page with payouts on', async () => {
    const merchant = await signUpMerchant(t.app);
    const { account, link, path } = await accountOf(merchant);
    expect(account).toMatchObject({ detailsSubmitted: false, chargesEnabled: false, payoutsEnabled: false });
    expect(link.url).toMatch(new RegExp(`^http://localhost:3000/sandbox/connect/${account.id}\\?link=`));

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('Set up payouts');
    expect(page.body).toContain('value="Café Lumière"');
    const french = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'fr' } });
    expect(french.body).toContain('Configurer les versements');

    const badIban = await submit(path, { business_name: 'Café Lumière', iban: 'FR14 0000 0000 0000' });
    expect(badIban.statusCode).toBe(422);
    expect(badIban.body).toContain('This IBAN is not valid.');
    const noName = await submit(path, { business_name: '  ', iban: IBAN });
    expect(noName.body).toContain('Enter the name of your business.');

    const done = await submit(path, { business_name: 'Café Lumière', iban: IBAN });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(links(account.id).returnUrl);
    expect(await t.app.payments.retrieveAccount(account.id)).toMatchObject({
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      businessName: 'Café Lumière',
    });
    // The account.updated event reached the webhook handler, which updated the merchant's row.
    const [row] = await t.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.providerAccountId, account.id));
    expect(row).toMatchObject({ detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
    const [stored] = await t.db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, account.id));
    expect(stored!.ibanLast4).toBe('2606');

    // The link was single-use: using it again goes to the refresh page.
    const reused = await t.app.inject({ method: 'GET', url: path });
    expect(reused.statusCode).toBe(303);
    expect(reused.headers.location).toBe(links(account.id).refreshUrl);
  });

  it('sends an unknown or expired link to the refresh page the server chose, never to one from the URL', async () => {
    const merchant = await signUpMerchant(t.app);
    const { account } = await accountOf(merchant);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/sandbox/connect/${account.id}?link=forged&return_url=https://evil.example`,
    });
    expect(forged.statusCode).toBe(303);
    expect(forged.headers.location).toBe(links(account.id).refreshUrl);
    const post = await submit(`/sandbox/connect/${account.id}?link=forged`, {
      business_name: 'X',
      iban: IBAN,
    });
    expect(post.statusCode).toBe(303);
    expect(post.headers.location).toBe(links(account.id).refreshUrl);
    expect((await t.app.payments.retrieveAccount(account.id))?.detailsSubmitted).toBe(false);

    const fresh = await t.app.payments.createAccountLink(account.id, links(account.id));
    await advanceClock(t.app, merchant, 1);
    const expired = await t.app.inject({
      method: 'GET',
      url: new URL(fresh.url).pathname + new URL(fresh.url).search,
    });
    expect(expired.headers.location).toBe(links(account.id).refreshUrl);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/connect/acct_nope?link=x' })).statusCode).toBe(
      404,
    );
  });

  it('escapes what merchants typed on its pages', async () => {
    const merchant = await signUpMerchant(t.app);
    const { path } = await accountOf(merchant, '<script>alert("x")</script>');
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });

  it('pays the account’s balance out on its schedule, less the platform’s fees, once per scheduled day', async () => {
    const merchant = await signUpMerchant(t.app);
    const { account, path } = await accountOf(merchant);
    await submit(path, { business_name: 'Café Lumière', iban: IBAN });
    await t.app.payments.updatePayoutSchedule(
      account.id,
      { interval: 'weekly', weeklyAnchor: 'friday' },
      { idempotencyKey: 'schedule-1' },
    );
    const earned = new Date(Date.now() - 60_000);
    await t.db.insert(sandboxPaymentAttempts).values(
      [2500, 1200].map((amount, i) => ({
        id: `py_test_${account.id}_${i}`,
        ownerId: merchant.user.id,
        accountId: account.id,
        invoiceId: `in_test_${i}`,
        customerId: 'cus_test',
        amountCents: amount,
        applicationFeeCents: 100,
        currency: 'eur',
        status: 'succeeded' as const,
        trigger: 'automatic' as const,
        createdAt: earned,
      })),
    );
    const week = await advanceClock(t.app, merchant, 7);
    expect(week.payouts).toBe(1);
    const payouts = await t.db.select().from(sandboxPayouts).where(eq(sandboxPayouts.accountId, account.id));
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ amountCents: 3500, currency: 'eur' });
    expect(payouts[0]!.createdAt.getUTCDay()).toBe(5);
    // Nothing new earned: the next Friday pays nothing.
    expect((await advanceClock(t.app, merchant, 7)).payouts).toBe(0);
    const settled = await t.db.select().from(sandboxPayouts).where(eq(sandboxPayouts.accountId, account.id));
    expect(settled[0]!.status).toBe('paid');
  });
});
