import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { armCrashPoint } from '../../lib/crash-points.js';

/**
 * Test-only (registered when ENABLE_TEST_ROUTES is on, never in production): arms a crash point in
 * this process (ADR 191), which then kills itself with SIGKILL when it reaches that point.
 */
export const crashRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/test/crash-points',
    {
      schema: {
        hide: true,
        body: z
          .object({ name: z.string().regex(/^(job:[a-z0-9.-]+:(claimed|ran)|webhook:handled)$/) })
          .strict(),
        response: { 200: z.object({ armed: z.string(), pid: z.number().int() }) },
      },
    },
    async (request) => {
      armCrashPoint(request.body.name);
      return { armed: request.body.name, pid: process.pid };
    },
  );
};
