import {
  merchantIdParamsSchema,
  payoutAccountIdParamsSchema,
  payoutAccountSchema,
  payoutScheduleSchema,
  redirectUrlSchema,
} from '@nest/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { merchantId, requireOwnMerchantId, requireOwnNest } from '../../plugins/auth.js';
import { ensurePayoutAccount } from './ensure-payout-account.js';
import { findOwnPayoutAccount, findPayoutAccountOfMerchant } from './find-payout-account.js';
import { createOnboardingLink } from './onboarding-link.js';
import { toPayoutView } from './payout-view.js';
import { syncPayoutAccount } from './sync-payout-account.js';
import { updatePayoutSchedule } from './update-payout-schedule.js';

/**
 * The merchant's payout account (Stripe Connect Express, or the sandbox's): onboarding at the
 * provider, the return and refresh pages' calls, and the payout schedule (the spec's payout settings).
 */
export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireMerchant);
  const provider = () => app.payments;
  const providerName = () => app.config.PAYMENT_PROVIDER;

  app.get(
    '/nests/me/payout-account',
    {
      schema: {
        tags: ['payouts'],
        summary: 'The merchant’s payout account as last synced (status none until onboarding starts)',
        security: [{ merchantSession: [] }],
        response: { 200: payoutAccountSchema },
      },
    },
    async (request) => {
      const nest = await requireOwnNest(request, 'me', 'nest_required');
      return toPayoutView(await findPayoutAccountOfMerchant(app.db, nest.ownerId, providerName()));
    },
  );

  app.post(
    '/nests/me/payout-account',
    {
      schema: {
        tags: ['payouts'],
        summary: 'Start or continue payout onboarding: answers the provider’s onboarding page',
        description:
          'Creates the connected account the first time, then a fresh single-use link. The provider sends the merchant back to /admin/onboarding/stripe-connect/return/{accountId} (or …/refresh/{accountId} when the link expired).',
        security: [{ merchantSession: [] }],
        response: { 200: redirectUrlSchema },
      },
    },
    async (request) => {
      const nest = await requireOwnNest(request, 'me', 'nest_required');
      const account = await ensurePayoutAccount(app.db, provider(), nest);
      const url = await createOnboardingLink(provider(), app.config.publicUrl, account.providerAccountId);
      request.log.info({ accountId: account.providerAccountId }, 'payout onboarding link created');
      return { url };
    },
  );

  app.post(
    '/payout-accounts/:accountId/sync',
    {
      schema: {
        tags: ['payouts'],
        summary: 'Re-read the payout account from the provider (the return page’s call)',
        description: 'Another merchant’s account id is not found.',
        security: [{ merchantSession: [] }],
        params: payoutAccountIdParamsSchema,
        response: { 200: payoutAccountSchema },
      },
    },
    async (request) => {
      const userId = merchantId(request);
      const row = await findOwnPayoutAccount(app.db, userId, providerName(), request.params.accountId);
      const synced = await syncPayoutAccount(app.db, provider(), row);
      // Payouts on or off: whether the nest's link pages take subscriptions.
      app.publicLinks.cache.forOwner(userId);
      request.log.info(
        {
          accountId: synced.providerAccountId,
          charges: synced.chargesEnabled,
          payouts: synced.payoutsEnabled,
        },
        'payout account synced',
      );
      return toPayoutView(synced);
    },
  );

  app.post(
    '/payout-accounts/:accountId/link',
    {
      schema: {
        tags: ['payouts'],
        summary: 'A fresh onboarding link for an expired one (the refresh page’s call)',
        description:
          'Answers the provider’s URL only. Any redirect or return address sent in the query or body is ignored. Another merchant’s account id is not found.',
        security: [{ merchantSession: [] }],
        params: payoutAccountIdParamsSchema,
        response: { 200: redirectUrlSchema },
      },
    },
    async (request) => {
      const userId = merchantId(request);
      const row = await findOwnPayoutAccount(app.db, userId, providerName(), request.params.accountId);
      return { url: await createOnboardingLink(provider(), app.config.publicUrl, row.providerAccountId) };
    },
  );

  /** The payout settings' account: the merchant's own id, a nest, and an account already started. */
  async function ownPayoutAccount(request: FastifyRequest, id: string) {
    requireOwnMerchantId(request, id);
    const nest = await requireOwnNest(request, 'me', 'nest_required');
    const row = await findPayoutAccountOfMerchant(app.db, nest.ownerId, providerName());
    if (!row) throw new AppError('payout_account_required', { status: 409 });
    return row;
  }

  app.get(
    '/users/:id/stripe/payout-settings',
    {
      schema: {
        tags: ['payouts'],
        summary: 'The payout settings (schedule and account status)',
        security: [{ merchantSession: [] }],
        params: merchantIdParamsSchema,
        response: { 200: payoutAccountSchema },
      },
    },
    async (request) => {
      requireOwnMerchantId(request, request.params.id);
      const nest = await requireOwnNest(request, 'me', 'nest_required');
      return toPayoutView(await findPayoutAccountOfMerchant(app.db, nest.ownerId, providerName()));
    },
  );

  app.patch(
    '/users/:id/stripe/payout-settings',
    {
      schema: {
        tags: ['payouts'],
        summary: 'Choose when payouts are sent: daily, weekly on a weekday, or monthly on a day',
        description:
          'Applied at the provider. Without a payout account yet: 409 payout_account_required. Another merchant’s id is not found.',
        security: [{ merchantSession: [] }],
        params: merchantIdParamsSchema,
        body: payoutScheduleSchema,
        response: { 200: payoutAccountSchema },
      },
    },
    async (request) => {
      const row = await ownPayoutAccount(request, request.params.id);
      const saved = await updatePayoutSchedule(app.db, provider(), row, request.body);
      request.log.info(
        { accountId: saved.providerAccountId, interval: saved.payoutInterval },
        'payout schedule set',
      );
      return toPayoutView(saved);
    },
  );
};
