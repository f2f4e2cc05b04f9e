import {
  checkInListSchema,
  checkInsQuerySchema,
  problemSchema,
  redeemedRewardSchema,
  rewardIdParamsSchema,
  verificationSchema,
  verifyBodySchema,
} from '@nest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { merchantId, requireOwnNest } from '../../plugins/auth.js';
import { enforceCounterLimits } from './counter-limits.js';
import { recentCheckIns } from './recent-check-ins.js';
import { redeemReward } from './rewards.js';
import { verifyAtCounter } from './verify-at-counter.js';

/** Verification at the counter: check-ins, recent check-ins, rewards handed over (ADRs 090–092). */
export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/nests/me/verifications',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags: ['verification'],
        summary: 'Verify a customer’s pass at the counter',
        description:
          'Send the token the pass’s QR code carries, or its 8-character human code as typed (case, ' +
          'spaces and dashes do not matter). Always answers 200 with `eligible` or `not_eligible` and ' +
          'the reason, and records a check-in. A pass of another nest is `invalid_pass`, like a forged ' +
          'one. An eligible check-in of the same subscription less than 5 minutes after the previous one ' +
          'is a `repeat` and uses nothing. Typed codes: 30 a minute per nest, then 429.',
        security: [{ merchantSession: [] }],
        body: verifyBodySchema,
        response: {
          200: verificationSchema,
          400: problemSchema,
          401: problemSchema,
          404: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const userId = merchantId(request);
      const nest = await requireOwnNest(request, 'me');
      await enforceCounterLimits(app.rateLimiter, nest.id, request.body.code !== undefined);
      const answer = await verifyAtCounter(
        {
          db: app.db,
          jobs: app.jobs,
          passSecret: app.config.passSecret,
          publicUrl: app.config.publicUrl,
        },
        { id: nest.id, ownerId: nest.ownerId },
        userId,
        request.body,
      );
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );

  app.get(
    '/nests/me/verifications',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags: ['verification'],
        summary: 'The nest’s latest check-ins, newest first',
        security: [{ merchantSession: [] }],
        querystring: checkInsQuerySchema,
        response: { 200: checkInListSchema, 400: problemSchema, 401: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const nest = await requireOwnNest(request, 'me');
      reply.header('cache-control', 'no-store');
      return { check_ins: await recentCheckIns(app.db, nest.id, request.query.limit) };
    },
  );

  app.post(
    '/nests/me/rewards/:id/redeem',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags: ['verification'],
        summary: 'Hand a reward over (once)',
        description:
          'Marks an earned reward as redeemed, atomically: the second time (or a concurrent second ' +
          'press) is 409 `reward_already_redeemed`. Another nest’s reward or an unknown id is 404.',
        security: [{ merchantSession: [] }],
        params: rewardIdParamsSchema,
        response: {
          200: redeemedRewardSchema,
          401: problemSchema,
          404: problemSchema,
          409: problemSchema,
        },
      },
    },
    async (request) => {
      const nest = await requireOwnNest(request, 'me');
      return redeemReward(app.db, nest.id, nest.ownerId, request.params.id);
    },
  );
};
