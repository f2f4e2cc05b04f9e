import type Stripe from 'stripe';
import type { PayoutAccountProvider } from '../payout-accounts.js';
import { call, retrieve } from './map-error.js';
import { toAccount } from './map-objects.js';

/** The merchants' payout accounts: Connect Express accounts, their onboarding links and payout schedules. */
export function stripePayoutAccounts(stripe: Stripe): PayoutAccountProvider {
  return {
    async createConnectedAccount(input, options) {
      const account = await call(() =>
        stripe.accounts.create(
          {
            type: 'express',
            country: input.country,
            email: input.email,
            ...(input.businessName ? { business_profile: { name: input.businessName } } : {}),
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            metadata: { ...input.metadata, nest_owner_id: input.ownerId },
          },
          { idempotencyKey: options.idempotencyKey },
        ),
      );
      return toAccount(account);
    },

    async createAccountLink(accountId, input) {
      const link = await call(() =>
        stripe.accountLinks.create({
          account: accountId,
          refresh_url: input.refreshUrl,
          return_url: input.returnUrl,
          type: 'account_onboarding',
        }),
      );
      return { url: link.url, expiresAt: new Date(link.expires_at * 1000) };
    },

    async retrieveAccount(accountId) {
      const account = await retrieve(() => stripe.accounts.retrieve(accountId));
      return account ? toAccount(account) : null;
    },

    async updatePayoutSchedule(accountId, schedule, options) {
      const account = await call(() =>
        stripe.accounts.update(
          accountId,
          {
            settings: {
              payouts: {
                schedule: {
                  interval: schedule.interval,
                  ...(schedule.interval === 'weekly'
                    ? { weekly_anchor: schedule.weeklyAnchor ?? 'monday' }
                    : {}),
                  ...(schedule.interval === 'monthly' ? { monthly_anchor: schedule.monthlyAnchor ?? 1 } : {}),
                },
              },
            },
          },
          { idempotencyKey: options.idempotencyKey },
        ),
      );
      return toAccount(account);
    },
  };
}
