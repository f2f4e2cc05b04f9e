import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  type SandboxMetadata,
  sandboxCheckoutSessions,
  sandboxInvoices,
  sandboxSubscriptions,
} from '../../db/schema/index.js';
import { chargeInvoice } from './charge-invoice.js';
import { type CompleteOutcome, insertSession, lockOpenSession, saveCard } from './checkout.js';
import { sandboxNow } from './clock.js';
import type { SandboxDeps } from './context.js';
import { emitEvent } from './emit-event.js';
import { settleSubscription } from './renew-subscriptions.js';
import { chargeOutcome, type SandboxCard } from './test-cards.js';
import { emitted, type SandboxSessionRow } from './to-port.js';

/* Setup-mode sessions: a customer or merchant gives a new card for a subscription (card update). */

export async function createSetupSession(
  tx: Tx,
  input: {
    ownerId: string;
    customerId: string;
    subscriptionId: string;
    /** The connected account the subscription lives on; absent for the platform's own (the plan). */
    accountId?: string | null;
    successUrl: string;
    cancelUrl: string;
    metadata: SandboxMetadata;
    now: Date;
  },
): Promise<SandboxSessionRow> {
  const [subscription] = await tx
    .select()
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.id, input.subscriptionId));
  return insertSession(tx, {
    ownerId: input.ownerId,
    accountId: input.accountId ?? null,
    mode: 'setup',
    customerId: input.customerId,
    subscriptionId: input.subscriptionId,
    productName: subscription?.productName ?? null,
    amountCents: subscription?.amountCents ?? null,
    currency: subscription?.currency ?? 'eur',
    metadata: input.metadata,
    successUrl: input.successUrl,
    cancelUrl: input.cancelUrl,
    now: input.now,
  });
}

/** Completes a setup-mode session: the card is verified and kept on the session until it is applied. */
export async function completeSetupSession(
  deps: SandboxDeps,
  tx: Tx,
  sessionId: string,
  card: SandboxCard,
  at: Date,
): Promise<CompleteOutcome> {
  const locked = await lockOpenSession(tx, sessionId, at);
  if ('ok' in locked) return locked;
  const check = chargeOutcome(card.behavior, 'setup');
  if (!check.ok) return { ok: false, reason: 'declined', code: check.code };
  const [completed] = await tx
    .update(sandboxCheckoutSessions)
    .set({ status: 'complete', card, completedAt: at })
    .where(eq(sandboxCheckoutSessions.id, sessionId))
    .returning();
  await emitEvent(deps, tx, {
    ownerId: completed!.ownerId,
    accountId: completed!.accountId,
    type: 'checkout.session.completed',
    object: emitted.session(completed!),
    occurredAt: at,
  });
  return { ok: true, session: completed! };
}

/**
 * Makes a completed setup session's card the customer's and charges the subscription's open
 * invoices with it, oldest first. Runs once per session; returns the subscription id.
 */
export async function applyCardUpdate(
  deps: SandboxDeps,
  tx: Tx,
  sessionId: string,
  at: Date,
): Promise<string | null> {
  const [session] = await tx
    .select()
    .from(sandboxCheckoutSessions)
    .where(eq(sandboxCheckoutSessions.id, sessionId))
    .for('update');
  if (session?.mode !== 'setup' || session.status !== 'complete' || !session.card) return null;
  if (session.appliedAt) return session.subscriptionId;
  await saveCard(tx, session.customerId!, session.card);
  await tx
    .update(sandboxCheckoutSessions)
    .set({ appliedAt: at })
    .where(eq(sandboxCheckoutSessions.id, sessionId));
  if (session.subscriptionId) {
    const open = await tx
      .select()
      .from(sandboxInvoices)
      .where(
        and(eq(sandboxInvoices.subscriptionId, session.subscriptionId), eq(sandboxInvoices.status, 'open')),
      )
      .orderBy(asc(sandboxInvoices.createdAt))
      .for('update');
    for (const invoice of open) {
      const charge = await chargeInvoice(deps, tx, invoice, 'manual', at);
      if (charge.outcome === 'failed') break;
    }
  }
  return session.subscriptionId;
}

/**
 * The completion of a card update, as the provider does it once its webhook is handled: the card is
 * applied and the open invoices charged (applyCardUpdate), then the subscription is settled (paid
 * up after a lapse, the periods that ended meanwhile are renewed). The session must belong to the
 * account named (null: the platform's own), as a Stripe-Account request sees only that account.
 */
export async function completeCardUpdate(
  deps: SandboxDeps,
  tx: Tx,
  sessionId: string,
  accountId: string | null,
): Promise<string | null> {
  const [session] = await tx
    .select({ ownerId: sandboxCheckoutSessions.ownerId, accountId: sandboxCheckoutSessions.accountId })
    .from(sandboxCheckoutSessions)
    .where(eq(sandboxCheckoutSessions.id, sessionId));
  if (!session || (session.accountId ?? null) !== accountId) return null;
  const now = await sandboxNow(tx, session.ownerId);
  const subscriptionId = await applyCardUpdate(deps, tx, sessionId, now);
  if (subscriptionId) await settleSubscription(deps, tx, subscriptionId, now);
  return subscriptionId;
}
