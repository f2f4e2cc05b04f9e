import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  nestCheckouts,
  nestCustomers,
  nestInvoices,
  nestLinks,
  nestSubscriptions,
  nestTransactions,
  sandboxEvents,
} from '../../src/db/schema/index.js';
import { eventBody } from '../../src/payments/sandbox/deliver-events.js';
import { signWebhookPayload } from '../../src/payments/webhook-signature.js';

/** Every sandbox event about the owner's connected-account objects, in the order they happened. */
export function accountEvents(app: FastifyInstance, ownerId: string) {
  return app.db
    .select()
    .from(sandboxEvents)
    .where(and(eq(sandboxEvents.ownerId, ownerId)))
    .orderBy(asc(sandboxEvents.seq));
}

/**
 * Delivers a sandbox event to the webhook route again, signed like the sandbox signs, under its own id
 * (a redelivery) or a new one (another event about the same objects, as Stripe sends several).
 */
export async function deliverAgain(
  app: FastifyInstance,
  event: typeof sandboxEvents.$inferSelect,
  newId?: string,
) {
  const original = JSON.parse(await eventBody(app.db, event)) as { id: string };
  const body = JSON.stringify({ ...original, id: newId ?? original.id });
  const signature = await signWebhookPayload(body, app.config.sandboxWebhookSecret);
  return app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/sandbox',
    headers: {
      'content-type': 'application/json',
      'sandbox-signature': signature,
    },
    payload: body,
  });
}

/** What a nest holds after checkouts: customers by email, subscriptions, invoices, payments, checkouts. */
export async function nestState(app: FastifyInstance, nestId: string) {
  const db = app.db;
  const [subscriptions, invoices, payments, checkouts, links] = await Promise.all([
    db.select().from(nestSubscriptions).where(eq(nestSubscriptions.nestId, nestId)),
    db.select().from(nestInvoices).where(eq(nestInvoices.nestId, nestId)),
    db
      .select()
      .from(nestTransactions)
      .where(and(eq(nestTransactions.nestId, nestId), eq(nestTransactions.kind, 'payment'))),
    db.select().from(nestCheckouts).where(eq(nestCheckouts.nestId, nestId)),
    db.select().from(nestLinks).where(eq(nestLinks.nestId, nestId)),
  ]);
  const customers = await db.select().from(nestCustomers);
  return { subscriptions, invoices, payments, checkouts, links, customers };
}
