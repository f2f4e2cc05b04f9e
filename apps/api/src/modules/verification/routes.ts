import {
  checkInIdParamsSchema,
  checkInListSchema,
  checkInSchema,
  checkInsQuerySchema,
  counterSearchQuerySchema,
  counterSearchResultSchema,
  payNowEmailSchema,
  problemSchema,
  redeemedRewardSchema,
  rewardIdParamsSchema,
  subscriptionIdParamsSchema,
  subscriptionRewardsSchema,
  verificationSchema,
  verifyBodySchema,
} from '@nest/contracts';
import {
  offlineCheckInsBodySchema,
  offlineSettingsBodySchema,
  offlineSnapshotSchema,
  offlineSyncResultSchema,
} from '@nest/contracts/offline';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { merchantId, requireOwnNest } from '../../plugins/auth.js';
import { hmacWindow } from '../subscriptions/pass-verify.js';
import { enforceCounterLimits } from './counter-limits.js';
import { setOfflineSettings } from './offline-settings.js';
import { offlineSnapshot } from './offline-snapshot.js';
import { sendPayNowEmail } from './pay-now-email.js';
import { recentCheckIns } from './recent-check-ins.js';
import { redeemReward } from './rewards.js';
import { searchCounterCustomers } from './search-customers.js';
import { subscriptionRewards } from './subscription-rewards.js';
import { syncOfflineCheckIns } from './sync-offline-check-ins.js';
import { undoCheckIn } from './undo-check-in.js';
import { type CounterNest, type EventDoor, verifyAtCounter } from './verify-at-counter.js';

/** What the counter's use cases need of the merchant's nest row. */
const counterNest = (nest: CounterNest): CounterNest => ({
  id: nest.id,
  ownerId: nest.ownerId,
  hasWebhookEndpoints: nest.hasWebhookEndpoints,
  eventsEndAt: nest.eventsEndAt,
});

/**
 * Verification at the counter: check-ins, recent check-ins, rewards handed over (ADRs 090–092), the
 * three colours, search, pay-now and undo (ADRs 130–133).
 */
export const verificationRoutes: FastifyPluginAsyncZod<{ eventDoor?: EventDoor }> = async (
  app,
  { eventDoor },
) => {
  app.post(
    '/nests/me/verifications',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags: ['verification'],
        summary: 'Verify a customer’s pass at the counter',
        description:
          'Send the token the pass’s QR code carries, or its 8-character human code as typed (case, ' +
          'spaces and dashes do not matter), or a `subscription_id` picked from a counter search. ' +
          'Always answers 200 with `eligible` (green), `grace` (amber: past due within the offer’s ' +
          'grace days — let them in, ask them to pay) or `not_eligible` (red) and the reason, and ' +
          'records a check-in. A pass of another nest is `invalid_pass`, like a forged one; another ' +
          'nest’s `subscription_id` is 404. An eligible check-in of the same subscription less than 5 ' +
          'minutes after the previous one is a `repeat` and uses nothing. Typed codes: 30 a minute per ' +
          'nest, then 429.',
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
          ...hmacWindow(app.config),
          publicUrl: app.config.publicUrl,
          ...(eventDoor ? { eventDoor } : {}),
        },
        counterNest(nest),
        userId,
        request.body,
      );
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );

  app.get(
    '/nests/me/verifications/offline',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags: ['verification'],
        summary: 'What the counter keeps to answer without the network',
        description:
          'The nest’s Ed25519 public key (passes are signed with it, ADR 183) and, for each subscription ' +
          'that has a pass, what the verdict needs: status, paid-through, grace days, the allowance and ' +
          'what is used of its current window. No customer name or email. Also the key the device ' +
          'encrypts it with at rest, and the age past which the counter shows it in amber (ADR 184). ' +
          'The counter asks again every minute while online.',
        security: [{ merchantSession: [] }],
        response: { 200: offlineSnapshotSchema, 401: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const nest = await requireOwnNest(request, 'me');
      reply.header('cache-control', 'no-store');
      return offlineSnapshot(
        app.db,
        { passSecret: app.config.passSecret, sessionSecret: app.config.sessionSecret },
        nest,
        merchantId(request),
      );
    },
  );

  app.post(
    '/nests/me/verifications/offline',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags: ['verification'],
        summary: 'Send the check-ins the counter gave offline',
        description:
          'In the order they were given, at most 200 at once; each is recorded once whatever how often it ' +
          'is sent (its `client_id`). A customer let in offline whom the server would have refused (the ' +
          'allowance used meanwhile, on another device perhaps; the subscription cancelled) is recorded ' +
          'as let in, flagged `accepted_offline` with the reason, and uses nothing; the others count like ' +
          'online check-ins and earn their rewards now (ADR 185).',
        security: [{ merchantSession: [] }],
        body: offlineCheckInsBodySchema,
        response: {
          200: offlineSyncResultSchema,
          400: problemSchema,
          401: problemSchema,
          404: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const nest = await requireOwnNest(request, 'me');
      reply.header('cache-control', 'no-store');
      return syncOfflineCheckIns(
        {
          db: app.db,
          jobs: app.jobs,
          passSecret: app.config.passSecret,
          publicUrl: app.config.publicUrl,
        },
        counterNest(nest),
        merchantId(request),
        request.body.check_ins,
      );
    },
  );

  app.put(
    '/nests/me/verifications/offline/settings',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags: ['verification'],
        summary: 'When the counter’s offline snapshot turns amber',
        security: [{ merchantSession: [] }],
        body: offlineSettingsBodySchema,
        response: {
          200: offlineSettingsBodySchema,
          400: problemSchema,
          401: problemSchema,
          404: problemSchema,
        },
      },
    },
    async (request) => {
      const nest = await requireOwnNest(request, 'me');
      return setOfflineSettings(app.db, nest.id, request.body);
    },
  );

  app.get(
    '/nests/me/verifications/accepted-offline',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags: ['verification'],
        summary: 'Check-ins accepted offline that the server would have refused, newest first',
        security: [{ merchantSession: [] }],
        querystring: checkInsQuerySchema,
        response: { 200: checkInListSchema, 400: problemSchema, 401: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const nest = await requireOwnNest(request, 'me');
      reply.header('cache-control', 'no-store');
      return { check_ins: await recentCheckIns(app.db, nest.id, request.query.limit, true) };
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
      return app.db.transaction((tx) => redeemReward(tx, nest.id, nest.ownerId, request.params.id));
    },
  );

  app.get(
    '/nests/me/verifications/customers',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags: ['verification'],
        summary: 'Find a customer at the counter by name or email',
        description:
          'For a customer without their phone: the nest’s customers whose name or email contains `q` ' +
          '(case-insensitive, at least 2 characters), at most 10, each with this nest’s subscriptions ' +
          'and the answer the counter would give now. Records nothing: check one in with ' +
          '`POST /nests/me/verifications` and its `subscription_id`. Another nest’s customers are never ' +
          'found. Counts against the nest’s verification limit.',
        security: [{ merchantSession: [] }],
        querystring: counterSearchQuerySchema,
        response: {
          200: counterSearchResultSchema,
          400: problemSchema,
          401: problemSchema,
          404: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const nest = await requireOwnNest(request, 'me');
      await enforceCounterLimits(app.rateLimiter, nest.id, false);
      reply.header('cache-control', 'no-store');
      return searchCounterCustomers(app.db, nest.id, request.query.q);
    },
  );

  app.post(
    '/nests/me/verifications/:id/undo',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags: ['verification'],
        summary: 'Undo a check-in recorded by mistake (within 2 minutes)',
        description:
          'Gives back the use of the allowance and takes back check-in reward progress, and a reward ' +
          'that check-in earned if it was not handed over yet. The check-in stays in the list, marked ' +
          'undone with who and when. After 2 minutes: 409 `undo_too_late`; a refusal, a repeat or an ' +
          'undone check-in: 409 `check_in_not_undoable`; another nest’s check-in: 404.',
        security: [{ merchantSession: [] }],
        params: checkInIdParamsSchema,
        response: { 200: checkInSchema, 401: problemSchema, 404: problemSchema, 409: problemSchema },
      },
    },
    async (request) => {
      const nest = await requireOwnNest(request, 'me');
      return undoCheckIn(app.db, nest.id, merchantId(request), request.params.id);
    },
  );

  app.post(
    '/nests/me/subscriptions/:id/pay-now-email',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags: ['verification'],
        summary: 'Email a past-due customer the pay-now link',
        description:
          'From the counter: emails the customer of a past-due or unpaid subscription the link to pay ' +
          'now (the payment-failed email, in their language). Once per subscription every 10 minutes ' +
          'and 30 an hour per nest, then 429. Nothing to pay: 409 `pay_now_not_needed`; another ' +
          'nest’s subscription: 404.',
        security: [{ merchantSession: [] }],
        params: subscriptionIdParamsSchema,
        response: {
          202: payNowEmailSchema,
          401: problemSchema,
          404: problemSchema,
          409: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const nest = await requireOwnNest(request, 'me');
      const sent = await sendPayNowEmail(
        { db: app.db, jobs: app.jobs, publicUrl: app.config.publicUrl, rateLimiter: app.rateLimiter },
        nest.id,
        request.params.id,
      );
      return reply.status(202).send(sent);
    },
  );

  app.get(
    '/nests/me/subscriptions/:id/rewards',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags: ['verification'],
        summary: 'A subscription’s rewards: waiting, then redeemed',
        description:
          'Every reward the subscription earned and not handed over yet (oldest first), then the latest ' +
          '50 handed over (newest first). Another nest’s subscription is 404.',
        security: [{ merchantSession: [] }],
        params: subscriptionIdParamsSchema,
        response: { 200: subscriptionRewardsSchema, 401: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const nest = await requireOwnNest(request, 'me');
      reply.header('cache-control', 'no-store');
      return subscriptionRewards(app.db, nest.id, request.params.id);
    },
  );
};
