import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { events } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';

/**
 * Test-only: an event starts now (a minute ago, for two hours), so a browser test can register the
 * day before and check in at the door without waiting a day.
 */
export const eventTestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/test/events/:id/start',
    { schema: { hide: true, params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const moved = await app.db
        .update(events)
        .set({
          startsAt: sql`now() - interval '1 minute'`,
          endsAt: sql`now() + interval '2 hours'`,
          registrationDeadline: null,
        })
        .where(eq(events.id, request.params.id))
        .returning({ id: events.id });
      if (moved.length === 0) throw notFound();
      return reply.status(204).send();
    },
  );
};
