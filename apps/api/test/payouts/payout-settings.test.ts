import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sandboxAccounts } from '../../src/db/schema/index.js';
import { AppError } from '../../src/lib/errors.js';
import { type SignedInMerchant, seedMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createNestFor } from '../nests/support.js';

describe('PATCH /users/{id}/stripe/payout-settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function onboardedMerchant(): Promise<SignedInMerchant & { accountId: string }> {
    const merchant = await seedMerchant(t.app, { plan: 'starter' });
    await createNestFor(t.app, merchant);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/payout-account',
      cookies: merchant.cookies,
    });
    return { ...merchant, accountId: new URL(started.json().url).pathname.split('/').pop()! };
  }

  const patch = (merchant: SignedInMerchant, payload: unknown, id = merchant.user.id) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${id}/stripe/payout-settings`,
      cookies: merchant.cookies,
      payload: payload as object,
    });

  const providerSchedule = async (accountId: string) => {
    const [row] = await t.db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId));
    return {
      interval: row!.payoutInterval,
      weekly: row!.payoutWeeklyAnchor,
      monthly: row!.payoutMonthlyAnchor,
    };
  };

  it('applies daily, weekly and monthly schedules at the provider and answers them', async () => {
    const merchant = await onboardedMerchant();
    const weekly = await patch(merchant, { interval: 'weekly', weekly_anchor: 'friday' });
    expect(weekly.statusCode).toBe(200);
    expect(weekly.json().schedule).toEqual({ interval: 'weekly', weekly_anchor: 'friday' });
    expect(await providerSchedule(merchant.accountId)).toEqual({
      interval: 'weekly',
      weekly: 'friday',
      monthly: null,
    });

    const monthly = await patch(merchant, { interval: 'monthly', monthly_anchor: 31 });
    expect(monthly.json().schedule).toEqual({ interval: 'monthly', monthly_anchor: 31 });
    expect(await providerSchedule(merchant.accountId)).toEqual({
      interval: 'monthly',
      weekly: null,
      monthly: 31,
    });

    const daily = await patch(merchant, { interval: 'daily' });
    expect(daily.json().schedule).toEqual({ interval: 'daily' });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${merchant.user.id}/stripe/payout-settings`,
      cookies: merchant.cookies,
    });
    expect(read.json().schedule).toEqual({ interval: 'daily' });
  });

  it.each([
    [{ interval: 'weekly' }],
    [{ interval: 'weekly', weekly_anchor: 'funday' }],
    [{ interval: 'monthly', monthly_anchor: 0 }],
    [{ interval: 'monthly', monthly_anchor: 32 }],
    [{ interval: 'monthly', monthly_anchor: 1.5 }],
    [{ interval: 'monthly', monthly_anchor: '15' }],
    [{ interval: 'hourly' }],
    [{ interval: 'daily', weekly_anchor: 'monday' }],
    [{ interval: 'daily', account_id: 'acct_other' }],
    [{}],
  ])('refuses %j with 400 and changes nothing at the provider', async (payload) => {
    const merchant = await onboardedMerchant();
    const before = await providerSchedule(merchant.accountId);
    const response = await patch(merchant, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_failed');
    expect(await providerSchedule(merchant.accountId)).toEqual(before);
  });

  it('answers 404 for another merchant’s id and leaves their schedule alone', async () => {
    const victim = await onboardedMerchant();
    const intruder = await onboardedMerchant();
    const response = await patch(intruder, { interval: 'monthly', monthly_anchor: 5 }, victim.user.id);
    expect(response.statusCode).toBe(404);
    expect((await providerSchedule(victim.accountId)).interval).not.toBe('monthly');
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${victim.user.id}/stripe/payout-settings`,
      cookies: intruder.cookies,
    });
    expect(read.statusCode).toBe(404);
  });

  it('answers 409 with a clear message before the payout account exists', async () => {
    const merchant = await seedMerchant(t.app, { plan: 'starter' });
    await createNestFor(t.app, merchant);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${merchant.user.id}/stripe/payout-settings`,
      cookies: merchant.cookies,
      headers: { 'accept-language': 'fr-FR' },
      payload: { interval: 'daily' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'payout_account_required',
      detail: 'Connectez d’abord votre compte de versement, puis choisissez quand vous êtes payé.',
    });
  });

  it('keeps the previous schedule when the provider refuses', async () => {
    const merchant = await onboardedMerchant();
    await patch(merchant, { interval: 'weekly', weekly_anchor: 'monday' });
    const spy = vi
      .spyOn(t.app.payments, 'updatePayoutSchedule')
      .mockRejectedValueOnce(new AppError('provider_unavailable'));
    const response = await patch(merchant, { interval: 'daily' });
    spy.mockRestore();
    expect(response.statusCode).toBe(503);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${merchant.user.id}/stripe/payout-settings`,
      cookies: merchant.cookies,
    });
    expect(read.json().schedule).toEqual({ interval: 'weekly', weekly_anchor: 'monday' });
  });
});
