import {
  findMerchantCustomersBodySchema,
  merchantCustomerPageSchema,
  nestIdParamsSchema,
  problemSchema,
} from '@nest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOwnNest } from '../../plugins/auth.js';
import { findNestCustomers } from './find-customers.js';

/** The merchant's customers screen: who subscribed to the nest, searchable, a page at a time. */
export const merchantCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/nests/:nestId/nest-customers/find',
    {
      // Sign-in first, so a visitor gets 401 whatever the body holds.
      preValidation: app.requireMerchant,
      schema: {
        tags: ['customers'],
        summary: 'The nest’s customers with their subscriptions (`me`, or the nest’s id)',
        description:
          'Customers with at least one subscription in the nest, most recent subscriber first. `query` ' +
          'matches part of the name or email (case-insensitive); `status` keeps customers with a ' +
          'subscription in that status. Each customer lists only this nest’s subscriptions and payments. ' +
          'Another merchant’s nest is 404. Pass `next_cursor` back as `cursor` for the next page.',
        security: [{ merchantSession: [] }],
        params: nestIdParamsSchema,
        body: findMerchantCustomersBodySchema,
        response: {
          200: merchantCustomerPageSchema,
          400: problemSchema,
          401: problemSchema,
          404: problemSchema,
        },
      },
    },
    async (request) => {
      const nest = await requireOwnNest(request, request.params.nestId);
      return findNestCustomers(app.db, nest.id, request.body);
    },
  );
};
