import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sandboxTestClockEnabled } from '../config.js';
import { PaymentEventHandlers } from './event-handlers.js';
import type { PaymentProvider } from './port.js';
import { SandboxProvider } from './sandbox/adapter.js';
import { sandboxClockRoutes } from './sandbox/clock-routes.js';
import type { SandboxDeps } from './sandbox/context.js';
import type { DeliveryDeps } from './sandbox/deliver-events.js';
import { registerSandboxJobs } from './sandbox/jobs.js';
import { sandboxPages } from './sandbox/pages/routes.js';
import { createStripeClient, StripeProvider } from './stripe/adapter.js';
import { loadStripeSdk } from './stripe-sdk.js';
import { SIGNATURE_HEADERS, webhookRoutes } from './webhook-routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider in use (PAYMENT_PROVIDER): Stripe in production, the sandbox otherwise. */
    payments: PaymentProvider;
    /** What modules do with payment events; they register here at startup (event-handlers.ts). */
    paymentEvents: PaymentEventHandlers;
  }
}

/**
 * Decorates app.payments and mounts what the provider needs: its webhook route and, for the sandbox,
 * its hosted pages, test clock (not in production unless asked), event deliveries and billing clock. Registered after the jobs and
 * auth plugins, before the API routes that use app.payments.
 */
export const paymentsPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    app.decorate('paymentEvents', new PaymentEventHandlers());
    if (config.PAYMENT_PROVIDER === 'stripe') {
      const stripe = createStripeClient(await loadStripeSdk(), {
        secretKey: config.STRIPE_SECRET_KEY!,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
        apiBase: config.STRIPE_API_BASE,
      });
      app.decorate('payments', new StripeProvider(stripe, config.STRIPE_WEBHOOK_SECRET!));
    } else {
      const deps: SandboxDeps = { db: app.db, jobs: app.jobs, publicUrl: config.publicUrl };
      // The sandbox delivers through the real webhook route, signature and all, as Stripe would.
      const delivery: DeliveryDeps = {
        db: app.db,
        secret: config.sandboxWebhookSecret,
        post: async (body, signature) => {
          const response = await app.inject({
            method: 'POST',
            url: '/api/v1/webhooks/sandbox',
            headers: { 'content-type': 'application/json', [SIGNATURE_HEADERS.sandbox]: signature },
            payload: body,
          });
          return response.statusCode;
        },
      };
      app.decorate('payments', new SandboxProvider({ ...deps, webhookSecret: config.sandboxWebhookSecret }));
      registerSandboxJobs(app.jobs, deps, delivery);
      await app.register(sandboxPages, { deps, delivery });
      if (sandboxTestClockEnabled(config)) {
        await app.register(sandboxClockRoutes, { deps, delivery, prefix: '/api/v1' });
      }
    }
    await app.register(webhookRoutes, { prefix: '/api/v1' });
  },
  { name: 'payments' },
);
