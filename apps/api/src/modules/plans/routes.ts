import {
  merchantIdParamsSchema,
  planChangeSchema,
  planCheckoutSchema,
  planChoiceBodySchema,
  planInvoiceListSchema,
  planListSchema,
  planStateSchema,
  problemSchema,
  retryInvoicesBodySchema,
  retryInvoicesResultSchema,
  subscriptionIdParamsSchema,
} from '@nest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../lib/i18n.js';
import { merchantId, requireOwnMerchantId } from '../../plugins/auth.js';
import { platformSeller } from '../receipts/issue-receipt.js';
import { setPlanCancellation } from './cancel-plan.js';
import { changePlan } from './change-plan.js';
import {
  listPlanInvoicesOfMerchant,
  listUnpaidPlanInvoices,
  requireOwnPlanSubscription,
} from './find-plan-subscription.js';
import { getPlan } from './get-plan.js';
import { planOffers } from './plan-catalogue.js';
import type { PlanContext } from './plan-context.js';
import { toPlanInvoice } from './plan-view.js';
import { retryPlanInvoices } from './retry-plan-invoices.js';
import { startPlanCheckout } from './start-plan-checkout.js';

const errors = {
  400: problemSchema,
  401: problemSchema,
  402: problemSchema,
  404: problemSchema,
  409: problemSchema,
  503: problemSchema,
};
const security = [{ merchantSession: [] }];

/**
 * The merchant's plan: the catalogue, checkout, the current plan (webhook-driven), changes,
 * cancellation, invoices and recovery of unpaid ones. Thin handlers: parse, call one use case, answer.
 */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (): PlanContext => ({
    db: app.db,
    config: app.config,
    provider: app.payments,
    jobs: app.jobs,
    publicUrl: app.config.publicUrl,
    platform: platformSeller(app.config),
  });

  app.get(
    '/plans',
    {
      schema: {
        tags: ['plans'],
        summary: 'The plan catalogue: monthly prices in euro cents, support, revenue limit, features',
        response: { 200: planListSchema },
      },
    },
    async () => ({ plans: planOffers(app.config) }),
  );

  app.post(
    '/users/:id/plan/checkout',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags: ['plans'],
        summary: 'Start paying for a plan: answers the provider’s hosted checkout page',
        description:
          'The provider sends the merchant back to /admin/onboarding/payment/success?session_id=… once paid (or /admin/pricing if cancelled). The plan starts when the provider’s webhook confirms it: poll GET /users/{id}/get-plan. 409 plan_exists when a plan is already paid for (change it instead).',
        security,
        params: merchantIdParamsSchema,
        body: planChoiceBodySchema,
        response: { 200: planCheckoutSchema, ...errors },
      },
    },
    async (request) => {
      const userId = requireOwnMerchantId(request, request.params.id);
      const session = await startPlanCheckout(ctx(), {
        userId,
        plan: request.body.plan,
        locale: requestLocale(request),
        requestKey: request.id,
      });
      return { url: session.url, session_id: session.sessionId };
    },
  );

  app.get(
    '/users/:id/get-plan',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags: ['plans'],
        summary: 'The merchant’s plan: status, next payment date, features and revenue limit',
        security,
        params: merchantIdParamsSchema,
        response: { 200: planStateSchema, ...errors },
      },
    },
    async (request) => getPlan(app.db, app.config, requireOwnMerchantId(request, request.params.id)),
  );

  app.post(
    '/users/:id/plan/change',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags: ['plans'],
        summary: 'Change plan: an upgrade applies now (prorated, charged at once), a downgrade at period end',
        description:
          'Choosing the current plan takes back a pending downgrade. 402 card_declined / insufficient_funds when the upgrade’s proration is declined (nothing changes); 409 plan_missing or plan_not_active (an unpaid invoice must be paid first).',
        security,
        params: merchantIdParamsSchema,
        body: planChoiceBodySchema,
        response: { 200: planChangeSchema, ...errors },
      },
    },
    async (request) => {
      const userId = requireOwnMerchantId(request, request.params.id);
      const { effective } = await changePlan(ctx(), {
        userId,
        plan: request.body.plan,
        requestKey: request.id,
      });
      return { effective, plan_state: await getPlan(app.db, app.config, userId) };
    },
  );

  for (const [action, cancel] of [
    ['cancel', true],
    ['resume', false],
  ] as const) {
    app.post(
      `/users/:id/plan/${action}`,
      {
        preHandler: app.requireMerchant,
        schema: {
          tags: ['plans'],
          summary: cancel
            ? 'Cancel the plan at the end of the current period'
            : 'Resume a plan that was set to cancel at period end',
          security,
          params: merchantIdParamsSchema,
          response: { 200: planStateSchema, ...errors },
        },
      },
      async (request) => {
        const userId = requireOwnMerchantId(request, request.params.id);
        await setPlanCancellation(ctx(), { userId, cancel, requestKey: request.id });
        return getPlan(app.db, app.config, userId);
      },
    );
  }

  app.get(
    '/users/:id/plan/invoices',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags: ['plans'],
        summary: 'The merchant’s plan invoices, newest first',
        security,
        params: merchantIdParamsSchema,
        response: { 200: planInvoiceListSchema, ...errors },
      },
    },
    async (request) => {
      const userId = requireOwnMerchantId(request, request.params.id);
      return { invoices: (await listPlanInvoicesOfMerchant(app.db, userId)).map(toPlanInvoice) };
    },
  );

  app.get(
    '/payments/internal/subscriptions/:id/invoices/unpaid',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags: ['plans'],
        summary: 'Unpaid invoices of the merchant’s plan subscription, oldest first',
        description: '{id} is the plan subscription id (subscription_id of get-plan).',
        security,
        params: subscriptionIdParamsSchema,
        response: { 200: planInvoiceListSchema, ...errors },
      },
    },
    async (request) => {
      const userId = merchantId(request);
      const subscription = await requireOwnPlanSubscription(app.db, userId, request.params.id);
      return { invoices: (await listUnpaidPlanInvoices(app.db, subscription)).map(toPlanInvoice) };
    },
  );

  app.post(
    '/payments/internal/subscriptions/:id/invoices/retry',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags: ['plans'],
        summary: 'Pay the unpaid plan invoices again, or get the provider’s page to use another card',
        description:
          'Without update_card: charges the saved card, oldest invoice first, and answers paid or failed (with the decline code). With update_card: answers action_required and the hosted card page, which pays the invoices with the new card and comes back to /admin/onboarding/payment/recover?session_id=…. 409 no_unpaid_invoice when nothing is due.',
        security,
        params: subscriptionIdParamsSchema,
        body: retryInvoicesBodySchema,
        response: { 200: retryInvoicesResultSchema, ...errors },
      },
    },
    async (request) => {
      return retryPlanInvoices(ctx(), {
        userId: merchantId(request),
        subscriptionId: request.params.id,
        body: request.body,
        locale: requestLocale(request),
        requestKey: request.id,
      });
    },
  );
};
