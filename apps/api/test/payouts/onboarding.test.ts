import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sandboxAccounts } from '../../src/db/schema/index.js';
import { AppError } from '../../src/lib/errors.js';
import { type SignedInMerchant, seedMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createNestFor } from '../nests/support.js';

const PUBLIC_URL = 'http://localhost:3000';
const IBAN = 'FR14 2004 1010 0505 0001 3M02 606';

describe('payout account onboarding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function merchantWithNest(name = 'Atelier Vélo'): Promise<SignedInMerchant> {
    const merchant = await seedMerchant(t.app, { plan: 'starter' });
    await createNestFor(t.app, merchant, { name });
    return merchant;
  }

  async function startOnboarding(merchant: SignedInMerchant) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/payout-account',
      cookies: merchant.cookies,
    });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().url);
    const accountId = url.pathname.split('/').pop()!;
    return { url, accountId };
  }

  /** Fills the sandbox's hosted onboarding form, as the merchant would. */
  async function completeHostedForm(url: URL) {
    return t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ business_name: 'Atelier Vélo SARL', iban: IBAN }).toString(),
    });
  }

  const sync = (merchant: SignedInMerchant, accountId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/payout-accounts/${encodeURIComponent(accountId)}/sync`,
      cookies: merchant.cookies,
    });

  it('needs a nest first', async () => {
    const merchant = await seedMerchant(t.app, { plan: 'starter' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/payout-account',
      cookies: merchant.cookies,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('nest_required');
  });

  it('sends the merchant to the provider’s page, which returns to our return page, and sync tells the outcome', async () => {
    const merchant = await merchantWithNest();
    const { url, accountId } = await startOnboarding(merchant);
    expect(url.origin).toBe(PUBLIC_URL);
    expect(url.pathname).toMatch(/^\/sandbox\/connect\/acct_\w+$/);

    // Arriving on the return page proves nothing: the form was not filled yet.
    const early = await sync(merchant, accountId);
    expect(early.statusCode).toBe(200);
    expect(early.json()).toMatchObject({ account_id: accountId, status: 'pending', charges_enabled: false });
    const nest = await t.app.inject({ method: 'GET', url: '/api/v1/nests/me', cookies: merchant.cookies });
    expect(nest.json().payout).toMatchObject({
      account_id: accountId,
      status: 'pending',
      payouts_enabled: false,
    });

    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    const submitted = await completeHostedForm(url);
    expect(submitted.statusCode).toBe(303);
    expect(submitted.headers.location).toBe(
      `${PUBLIC_URL}/admin/onboarding/stripe-connect/return/${accountId}`,
    );

    const done = await sync(merchant, accountId);
    expect(done.json()).toMatchObject({
      account_id: accountId,
      status: 'enabled',
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
    });
  });

  it('reuses the one connected account when onboarding is started again, or twice at once', async () => {
    const merchant = await merchantWithNest();
    const [a, b] = await Promise.all([startOnboarding(merchant), startOnboarding(merchant)]);
    const c = await startOnboarding(merchant);
    expect(new Set([a.accountId, b.accountId, c.accountId]).size).toBe(1);
  });

  it('reads the state again from the provider: a held account is restricted', async () => {
    const merchant = await merchantWithNest();
    const { accountId } = await startOnboarding(merchant);
    // The provider holds payouts after review, and no webhook reached us.
    await t.db
      .update(sandboxAccounts)
      .set({ detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: false })
      .where(eq(sandboxAccounts.id, accountId));
    const response = await sync(merchant, accountId);
    expect(response.json()).toMatchObject({
      status: 'restricted',
      charges_enabled: true,
      payouts_enabled: false,
    });
  });

  it('keeps the last known state when the provider does not answer', async () => {
    const merchant = await merchantWithNest();
    const { accountId } = await startOnboarding(merchant);
    const spy = vi
      .spyOn(t.app.payments, 'retrieveAccount')
      .mockRejectedValueOnce(new AppError('provider_unavailable'));
    const response = await sync(merchant, accountId);
    spy.mockRestore();
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('provider_unavailable');
    const nest = await t.app.inject({ method: 'GET', url: '/api/v1/nests/me', cookies: merchant.cookies });
    expect(nest.json().payout.status).toBe('pending');
  });

  it('refuses another merchant’s account id on the return and refresh calls', async () => {
    const owner = await merchantWithNest();
    const { accountId } = await startOnboarding(owner);
    const intruder = await merchantWithNest();
    await startOnboarding(intruder);

    for (const action of ['sync', 'link']) {
      for (const id of [accountId, 'acct_doesnotexist', '../../users/me']) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/v1/payout-accounts/${encodeURIComponent(id)}/${action}`,
          cookies: intruder.cookies,
        });
        expect(response.statusCode, `${action} ${id}`).toBe(404);
      }
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/payout-accounts/${accountId}/link`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('mints a fresh link built on the server, whatever redirect the request asks for', async () => {
    const merchant = await merchantWithNest();
    const first = await startOnboarding(merchant);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/payout-accounts/${first.accountId}/link?redirect=https://evil.example&return_url=https://evil.example`,
      cookies: merchant.cookies,
      payload: {
        redirect: 'https://evil.example',
        return_url: 'https://evil.example/return',
        refresh_url: 'https://evil.example/refresh',
        url: 'https://evil.example',
      },
    });
    expect(response.statusCode).toBe(200);
    const fresh = new URL(response.json().url);
    expect(fresh.origin).toBe(PUBLIC_URL);
    expect(fresh.pathname).toBe(`/sandbox/connect/${first.accountId}`);
    expect(response.body).not.toContain('evil');

    // The earlier link is spent: the provider sends it to our refresh page, never elsewhere.
    const stale = await t.app.inject({ method: 'GET', url: `${first.url.pathname}${first.url.search}` });
    expect(stale.statusCode).toBe(303);
    expect(stale.headers.location).toBe(
      `${PUBLIC_URL}/admin/onboarding/stripe-connect/refresh/${first.accountId}`,
    );

    // The fresh one returns to our return page.
    const submitted = await completeHostedForm(fresh);
    expect(submitted.headers.location).toBe(
      `${PUBLIC_URL}/admin/onboarding/stripe-connect/return/${first.accountId}`,
    );
  });

  it('shows the nest’s name escaped on the provider’s hosted page', async () => {
    const merchant = await merchantWithNest('<script>alert("pwned")</script> Café');
    const { url } = await startOnboarding(merchant);
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).toContain('&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; Café');
  });
});
