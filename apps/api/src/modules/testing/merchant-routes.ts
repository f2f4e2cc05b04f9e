import { merchantSchema, problemSchema } from '@nest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setSessionCookies } from '../auth/session-cookies.js';
import { seedMerchant, seedMerchantBodySchema } from './seed-merchant.js';

export const merchantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/test/merchants',
    {
      schema: {
        tags: ['testing'],
        summary: 'Test only: create a merchant in a chosen state and sign them in',
        body: seedMerchantBodySchema,
        response: { 201: merchantSchema, 400: problemSchema, 409: problemSchema },
      },
    },
    async (request, reply) => {
      const { merchant, session } = await seedMerchant(app, request.body);
      setSessionCookies(reply, app.config, session);
      return reply.status(201).send(merchant);
    },
  );
};
