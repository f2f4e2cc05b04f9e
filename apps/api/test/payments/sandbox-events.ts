import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sandboxEvents } from '../../src/db/schema/index.js';
import { completeSubscriptionSession } from '../../src/payments/sandbox/checkout.js';
import { eventBody } from '../../src/payments/sandbox/deliver-events.js';
import { readCard } from '../../src/payments/sandbox/test-cards.js';
import { signWebhookPayload } from '../../src/payments/webhook-signature.js';
import { type SignedInMerchant, signUpMerchant } from '../fixtures/merchants.js';
import { CARDS, startCheckout } from './support.js';

export type SandboxEventRow = typeof sandboxEvents.$inferSelect;

export const sandboxDeps = (app: FastifyInstance) => ({
  db: app.db,
  jobs: app.jobs,
  publicUrl: app.config.publicUrl,
});

/** Pays a checkout through the sandbox engine directly, so its events are emitted and not yet delivered. */
export async function paidWithoutDelivery(
  app: FastifyInstance,
  card: string = CARDS.ok,
): Promise<{ merchant: SignedInMerchant; events: SandboxEventRow[] }> {
  const merchant = await signUpMerchant(app);
  const { sessionId } = await startCheckout(app, merchant, 'starter');
  const now = new Date();
  const { card: read } = readCard({ number: card, expiry: '12/34', cvc: '123', name: 'Test' }, now);
  const outcome = await app.db.transaction((tx) =>
    completeSubscriptionSession(sandboxDeps(app), tx, sessionId, read!, now),
  );
  if (!outcome.ok) throw new Error(`checkout failed: ${JSON.stringify(outcome)}`);
  return { merchant, events: await pendingEvents(app, merchant.user.id) };
}

export function pendingEvents(app: FastifyInstance, ownerId: string): Promise<SandboxEventRow[]> {
  return app.db
    .select()
    .from(sandboxEvents)
    .where(and(eq(sandboxEvents.ownerId, ownerId), isNull(sandboxEvents.deliveredAt)))
    .orderBy(asc(sandboxEvents.seq));
}

/** Posts an event to the sandbox webhook route, signed (or not) as asked. */
export async function postEvent(
  app: FastifyInstance,
  event: SandboxEventRow,
  options: {
    secret?: string;
    signedAt?: Date;
    body?: (body: string) => string;
    signature?: string | null;
  } = {},
) {
  const body = await eventBody(app.db, event);
  const signature =
    options.signature === null
      ? undefined
      : (options.signature ??
        (await signWebhookPayload(
          body,
          options.secret ?? app.config.sandboxWebhookSecret,
          options.signedAt ?? new Date(),
        )));
  return app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/sandbox',
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'sandbox-signature': signature }),
    },
    payload: options.body ? options.body(body) : body,
  });
}
