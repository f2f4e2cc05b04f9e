import {
  merchantIdParamsSchema,
  problemSchema,
  revenueSchema,
  revenueSummaryQuerySchema,
  revenueSummarySchema,
} from '@nest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { merchantId, requireOwnMerchantId } from '../../plugins/auth.js';
import { currentRevenue } from './current-revenue.js';
import { scheduleMoneyNotes } from './fold-money-notes.js';
import { moneyRoutes } from './money-routes.js';
import { revenueSummary } from './summary.js';

/** The merchant's revenue this month against their plan's limit (the dashboard's banner). */
export const revenueRoutes: FastifyPluginAsyncZod = async (app) => {
  // The money view: the ledger, customer invoices, refunds (money-routes.ts).
  await app.register(moneyRoutes);
  // The money summary's rollups, folded from the triggers' notes (ADR 202).
  scheduleMoneyNotes(app);
  app.get(
    '/revenue/current',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags: ['revenue'],
        summary: 'This month’s revenue against the plan’s monthly limit',
        description:
          'The month is the merchant’s calendar month in their time zone; revenue is customers’ successful payments. warning is set from 80 % of the limit; at 100 % new subscriptions through links pause (renewals never stop).',
        security: [{ merchantSession: [] }],
        response: { 200: revenueSchema },
      },
    },
    async (request) => currentRevenue(app.db, merchantId(request)),
  );

  app.get(
    '/users/:id/stripe/summary',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags: ['revenue'],
        summary:
          'The merchant’s money view: a month’s figures, the month before, the forecast and the chart series',
        description:
          'Months are calendar months in the merchant’s time zone; by default the current one. Revenue is customer payments less refunds that succeeded; MRR normalises each paying (active or past-due) subscription’s price to a month (yearly ÷ 12, weekly × 52 ÷ 12, each ÷ its interval count; trials excluded); committed MRR leaves out subscriptions set to cancel at period end; churn is cancellations in the 30 days to the period’s end ÷ subscriptions live at their start. {id} must be the signed-in merchant’s own id.',
        security: [{ merchantSession: [] }],
        params: merchantIdParamsSchema,
        querystring: revenueSummaryQuerySchema,
        response: { 200: revenueSummarySchema, 400: problemSchema, 401: problemSchema, 404: problemSchema },
      },
    },
    async (request) =>
      revenueSummary(app.db, {
        userId: requireOwnMerchantId(request, request.params.id),
        month: request.query.month,
      }),
  );
};
