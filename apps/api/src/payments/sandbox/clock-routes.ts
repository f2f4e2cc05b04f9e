import { clockAdvanceBodySchema, clockAdvanceResultSchema, problemSchema } from '@nest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, unauthenticated } from '../../lib/errors.js';
import { advanceClock, clockOffsetSeconds, shift } from './clock.js';
import type { SandboxDeps } from './context.js';
import { type DeliveryDeps, deliverPendingEvents } from './deliver-events.js';
import { runPayouts } from './payouts.js';
import { runBillingClock } from './renew-subscriptions.js';

const DAY_SECONDS = 24 * 60 * 60;
/** The offset is stored in seconds in a 32-bit column: about 68 years; stop well before. */
const MAX_TOTAL_DAYS = 20_000;

/**
 * The sandbox's test clock, like Stripe's: moves the signed-in merchant's sandbox time forward, runs
 * the renewals, dunning retries and payouts that came due, and delivers the resulting events before
 * answering, so the merchant's state is already up to date. Only the caller's own objects move.
 */
export const sandboxClockRoutes: FastifyPluginAsyncZod<{
  deps: SandboxDeps;
  delivery: DeliveryDeps;
}> = async (app, { deps, delivery }) => {
  app.post(
    '/sandbox/clock/advance',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags: ['payments'],
        summary: 'Advance the sandbox test clock of the signed-in merchant (sandbox provider only)',
        description:
          'Renews, retries and pays out everything that comes due in the skipped days, then delivers the events, so a month of billing happens in one call. Not available with Stripe, nor in production unless SANDBOX_TEST_CLOCK is on (404).',
        security: [{ merchantSession: [] }],
        body: clockAdvanceBodySchema,
        response: {
          200: clockAdvanceResultSchema,
          400: problemSchema,
          401: problemSchema,
          409: problemSchema,
        },
      },
    },
    async (request) => {
      const ownerId = request.merchant?.userId;
      if (!ownerId) throw unauthenticated();
      const realNow = new Date();
      const offsetSeconds = await deps.db.transaction(async (tx) => {
        const current = await clockOffsetSeconds(tx, ownerId);
        if (current / DAY_SECONDS + request.body.days > MAX_TOTAL_DAYS) throw new AppError('conflict');
        return advanceClock(tx, ownerId, request.body.days);
      });
      const run = await runBillingClock(deps, { ownerId, realNow });
      const payouts = await runPayouts(deps, { ownerId, realNow });
      await deliverPendingEvents(delivery, ownerId);
      // Every date the sandbox reports for this merchant moved back by the days skipped, not only
      // those of objects that had events: read them all again.
      await app.paymentEvents.clockAdvanced(ownerId, `clock:${request.id}`);
      return {
        now: shift(realNow, offsetSeconds).toISOString(),
        offset_days: offsetSeconds / DAY_SECONDS,
        renewed: run.renewed,
        retried: run.retried,
        failed_payments: run.failedPayments,
        canceled: run.canceled,
        payouts,
      };
    },
  );
};
