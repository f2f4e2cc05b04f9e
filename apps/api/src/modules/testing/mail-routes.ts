import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const sentMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  attachments: z
    .array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() }))
    .optional(),
  sentAt: z.string(),
});

export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/test/mail',
    {
      schema: {
        tags: ['testing'],
        summary: 'Test only: the mail this process sent, newest last, optionally to one address',
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: { 200: z.array(sentMailSchema) },
      },
    },
    async (request) => {
      // Emails leave through the job queue after the answer that caused them: run what is due first,
      // so a test reads the mail right after the action without racing the poller.
      await app.jobs.drain();
      const to = request.query.to?.trim().toLowerCase();
      return app.mailer.outbox().filter((mail) => !to || mail.to.toLowerCase() === to);
    },
  );
};
