import {
  merchantIdParamsSchema,
  merchantSchema,
  problemSchema,
  signupBodySchema,
  updateMerchantBodySchema,
} from '@nest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthenticated } from '../../lib/errors.js';
import { requestLocale } from '../../lib/i18n.js';
import { getMerchant } from './get-merchant.js';
import type { MerchantSessions } from './merchant-sessions.js';
import { signUp } from './sign-up.js';
import { updateMerchant } from './update-merchant.js';

const tags = ['users'];
const security = [{ merchantSession: [] }];

/**
 * The merchant account: sign-up, the current merchant, and changes to it. The sessions these open or
 * end come from the auth module, through routes.ts (ADR 102).
 */
export const merchantRoutes: FastifyPluginAsyncZod<{ sessions: MerchantSessions }> = async (
  app,
  { sessions },
) => {
  app.post(
    '/users',
    {
      schema: {
        tags,
        summary: 'Sign up as a merchant',
        description:
          'Creates the account and opens a session. The password needs 12 to 128 characters and must not be ' +
          'easily guessed (422 weak_password, with the reason in the caller’s language).',
        body: signupBodySchema,
        response: {
          201: merchantSchema,
          400: problemSchema,
          403: problemSchema,
          409: problemSchema,
          422: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const { merchant, session } = await signUp(app, sessions, {
        ...request.body,
        requestLocale: requestLocale(request),
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      session.setCookies(reply);
      return reply.status(201).send(merchant);
    },
  );

  app.get(
    '/users/me',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags,
        security,
        summary: 'The signed-in merchant',
        response: { 200: merchantSchema, 401: problemSchema },
      },
    },
    async (request) => {
      const merchant = await getMerchant(app.db, request.merchant!.userId);
      if (!merchant) throw unauthenticated();
      return merchant;
    },
  );

  app.patch(
    '/users/:id',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags,
        security,
        summary: 'Change the signed-in merchant’s name, email, language, time zone or password',
        description:
          'Unknown fields are refused (400). A new password needs current_password and signs out every other ' +
          'session. Another merchant’s id answers 404.',
        params: merchantIdParamsSchema,
        body: updateMerchantBodySchema,
        response: {
          200: merchantSchema,
          400: problemSchema,
          401: problemSchema,
          404: problemSchema,
          409: problemSchema,
          422: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request) =>
      updateMerchant(app, sessions, {
        id: request.params.id,
        principal: request.merchant!,
        changes: request.body,
        requestLocale: requestLocale(request),
        ip: request.ip,
      }),
  );
};
