import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventTestRoutes } from './event-routes.js';
import { mailRoutes } from './mail-routes.js';
import { merchantRoutes } from './merchant-routes.js';

/**
 * Helpers for automated tests (seed data, read the outbox). Mounted only when ENABLE_TEST_ROUTES is
 * set, which the configuration refuses in production (ADR 023).
 */
export const testingRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(mailRoutes);
  await app.register(merchantRoutes);
  await app.register(eventTestRoutes);
};
