import {
  idempotencyHeadersSchema,
  loginBodySchema,
  merchantSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  problemSchema,
  refreshResultSchema,
} from '@nest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../lib/i18n.js';
import { findSessionIdByTokens } from './find-session.js';
import { logIn } from './log-in.js';
import { registerPasswordResetJob } from './password-reset-job.js';
import { schedulePruneSessions } from './prune-sessions.js';
import { refreshSession } from './refresh-session.js';
import { refuseCrossSite } from './refuse-cross-site.js';
import { requestPasswordReset } from './request-password-reset.js';
import { resetPassword } from './reset-password.js';
import { revokeSession } from './revoke-sessions.js';
import {
  clearSessionCookies,
  presentedTokens,
  readRefreshToken,
  setSessionCookies,
} from './session-cookies.js';

const tags = ['auth'];
const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 429: problemSchema };
const noContent = z.null().describe('No content');

/** Merchant sessions: login, rotation of refresh tokens, logout, password reset. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  registerPasswordResetJob(app);
  schedulePruneSessions(app);

  app.post(
    '/users/login',
    {
      schema: {
        tags,
        summary: 'Sign in with email and password',
        description:
          'Opens a session in httpOnly cookies. An unknown email and a wrong password get the same 401. ' +
          'Failed attempts are limited per account and per address (429 with Retry-After).',
        body: loginBodySchema,
        response: { 200: merchantSchema, ...problems },
      },
    },
    async (request, reply) => {
      const signedIn = await logIn(app, {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        presented: presentedTokens(request, app.config),
      }).catch((error: unknown) => {
        // A failed login leaves no account behind in this browser.
        clearSessionCookies(reply, app.config);
        throw error;
      });
      setSessionCookies(reply, app.config, signedIn.session);
      return signedIn.merchant;
    },
  );

  app.get(
    '/users/refresh-tokens',
    {
      schema: {
        tags,
        summary: 'Rotate the session tokens',
        description:
          'Trades the refresh token for a new access token and a new refresh token; the old one dies. ' +
          'A refresh token presented twice revokes its whole session family and answers 401, with one ' +
          'exception: send an Idempotency-Key header, and the same rotation asked again with the same ' +
          'key within 5 minutes, before its new tokens were used (its answer was lost), is answered ' +
          'the same tokens instead.',
        headers: idempotencyHeadersSchema,
        response: { 200: refreshResultSchema, ...problems },
      },
    },
    async (request, reply) => {
      refuseCrossSite(request);
      const refreshToken = readRefreshToken(request, app.config);
      const result = await refreshSession(app.db, {
        refreshToken,
        retryKey: request.headers['idempotency-key'],
        ip: request.ip,
        log: request.log,
      }).catch((error: unknown) => {
        clearSessionCookies(reply, app.config);
        throw error;
      });
      setSessionCookies(reply, app.config, result);
      return {
        access_expires_at: result.accessExpiresAt.toISOString(),
        session_expires_at: result.expiresAt.toISOString(),
      };
    },
  );

  app.get(
    '/users/logout',
    {
      schema: {
        tags,
        summary: 'Sign out',
        description:
          'Revokes the session on the server and clears its cookies. Answers 204 even without a session.',
        response: { 204: noContent, 403: problemSchema },
      },
    },
    async (request, reply) => {
      refuseCrossSite(request);
      const sessionId = await findSessionIdByTokens(app.db, presentedTokens(request, app.config));
      if (sessionId && (await revokeSession(app.db, sessionId, 'logout'))) {
        request.log.info({ event: 'logout', sessionId }, 'logged out');
      }
      clearSessionCookies(reply, app.config);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/users/password-reset',
    {
      schema: {
        tags,
        summary: 'Ask for a password reset link',
        description:
          'Emails a single-use link valid 30 minutes when the account exists. The answer is the same 204 either way.',
        body: passwordResetRequestSchema,
        response: { 204: noContent, ...problems },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(app, { email: request.body.email, ip: request.ip });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/users/password-reset/confirm',
    {
      schema: {
        tags,
        summary: 'Set a new password from a reset link',
        description:
          'Uses the link once. Every session of the merchant ends; they sign in with the new password.',
        body: passwordResetConfirmSchema,
        response: { 204: noContent, 422: problemSchema, ...problems },
      },
    },
    async (request, reply) => {
      await resetPassword(app, { ...request.body, locale: requestLocale(request) });
      return reply.status(204).send(null);
    },
  );
};
