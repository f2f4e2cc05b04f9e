import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The test-only job that takes as long as asked (a running job while the server shuts down). */
export const SLOW_JOB = 'test.slow';

/**
 * Test-only (registered when ENABLE_TEST_ROUTES is on, never in production): a request that takes
 * as long as asked, and a job that does, so tests can have a request in flight and a job running
 * while the server shuts down.
 */
export const slowRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.register(SLOW_JOB, async (payload) => {
    const { ms } = payload as { ms: number };
    app.log.info({ ms }, 'slow job started');
    await new Promise((resolve) => setTimeout(resolve, ms));
    app.log.info({ ms }, 'slow job finished');
  });
  app.post(
    '/test/slow-job',
    {
      schema: {
        hide: true,
        body: z.object({ ms: z.number().int().min(0).max(10_000) }).strict(),
        response: { 202: z.object({ queued: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await app.jobs.enqueue(SLOW_JOB, { ms: request.body.ms });
      return reply.status(202).send({ queued: true as const });
    },
  );
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
      request.log.info({ ms: request.query.ms }, 'slow request started');
      await new Promise((resolve) => setTimeout(resolve, request.query.ms));
      return { sleptMs: request.query.ms };
    },
  );
};
