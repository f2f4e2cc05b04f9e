import { revenueSchema } from '@nest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { merchantId } from '../../plugins/auth.js';
import { currentRevenue } from './current-revenue.js';

/** The merchant's revenue this month against their plan's limit (the dashboard's banner). */
export const revenueRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
