import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyRoutes } from './modules/api-keys/routes.js';
import { merchantSessions } from './modules/auth/merchant-sessions.js';
import { authRoutes } from './modules/auth/routes.js';
import { completeCheckout } from './modules/checkout/complete-checkout.js';
import { checkoutRoutes } from './modules/checkout/routes.js';
import { customerRoutes } from './modules/customers/routes.js';
import { eventsAtDoor } from './modules/events/door.js';
import { eventRoutes } from './modules/events/routes.js';
import { linkRoutes } from './modules/links/routes.js';
import { merchantCustomerRoutes } from './modules/merchant-customers/routes.js';
import { merchantRoutes } from './modules/merchants/routes.js';
import { logoRoutes } from './modules/nests/logo-routes.js';
import { nestRoutes } from './modules/nests/nest-routes.js';
import { offerRoutes } from './modules/offers/routes.js';
import { registerPayoutAccountEvents } from './modules/payouts/apply-payout-account-event.js';
import { payoutRoutes } from './modules/payouts/routes.js';
import { registerPlanEvents } from './modules/plans/apply-plan-event.js';
import { planRoutes } from './modules/plans/routes.js';
import { privacyRoutes } from './modules/privacy/routes.js';
import { receiptRoutes } from './modules/receipts/routes.js';
import { revenueRoutes } from './modules/revenue/routes.js';
import { subscriptionRoutes } from './modules/subscriptions/routes.js';
import { crashRoutes } from './modules/testing/crash-routes.js';
import { testingRoutes } from './modules/testing/routes.js';
import { seedSubscriberRoutes } from './modules/testing/seed-subscribers.js';
import { slowRoutes } from './modules/testing/slow-routes.js';
import { checkInCounters } from './modules/verification/customer-counters.js';
import { verificationRoutes } from './modules/verification/routes.js';
import { webhookRoutes } from './modules/webhooks/routes.js';

/** Every API module, mounted under /api/v1. Modules register their own routes. */
export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  // Payment events reach the modules that registered for them (payments/event-handlers.ts); the
  // subscriptions module registers its own in its routes.
  registerPlanEvents(app);
  registerPayoutAccountEvents(app);
  await app.register(merchantRoutes, { sessions: merchantSessions(app) });
  await app.register(authRoutes);
  await app.register(nestRoutes);
  await app.register(logoRoutes);
  await app.register(payoutRoutes);
  await app.register(offerRoutes);
  await app.register(planRoutes);
  await app.register(linkRoutes);
  await app.register(checkoutRoutes);
  await app.register(revenueRoutes);
  // The customer's subscription cards count check-ins with verification's function (no module circle).
  await app.register(customerRoutes, { checkInCounters });
  // A subscription's sync completes the checkout that made it, without the module importing checkout.
  await app.register(subscriptionRoutes, { hooks: { placeHeld: completeCheckout }, checkInCounters });
  await app.register(merchantCustomerRoutes, { hooks: { placeHeld: completeCheckout } });
  // The counter tells about today's events with the events module's function (no module circle).
  await app.register(verificationRoutes, { eventDoor: eventsAtDoor });
  await app.register(eventRoutes);
  await app.register(receiptRoutes);
  await app.register(apiKeyRoutes);
  await app.register(webhookRoutes);
  await app.register(privacyRoutes, { hooks: { placeHeld: completeCheckout } });
  if (app.config.ENABLE_TEST_ROUTES) {
    await app.register(slowRoutes);
    await app.register(crashRoutes);
  }
  if (app.config.ENABLE_TEST_ROUTES) await app.register(testingRoutes);
  if (app.config.ENABLE_TEST_ROUTES) await app.register(seedSubscriberRoutes);
};
