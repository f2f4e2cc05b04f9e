import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Test-only (registered when ENABLE_TEST_ROUTES is on, never in production): a request that takes
 * as long as asked, so tests can have a request in flight while the server shuts down.
 */
export const slowRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/test/slow',
    {
      schema: {
        hide: true,
        querystring: z.object({ ms: z.coerce.number().int().min(0).max(30_000).default(500) }),
        response: { 200: z.object({ sleptMs: z.number().int() }) },
      },
    },
    async (request) => {
      await new Promise((resolve) => setTimeout(resolve, request.query.ms));
      return { sleptMs: request.query.ms };
    },
  );
};
