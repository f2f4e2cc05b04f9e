import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  type SandboxMetadata,
  sandboxCheckoutSessions,
  sandboxCustomers,
  sandboxInvoices,
  sandboxSubscriptions,
} from '../../db/schema/index.js';
import { addDays, type BillingInterval, periodBoundary } from './calendar.js';
import { chargeInvoice } from './charge-invoice.js';
import type { SandboxDeps } from './context.js';
import { emitEvent } from './emit-event.js';
import { sandboxId } from './ids.js';
import { chargeOutcome, type SandboxCard } from './test-cards.js';
import { emitted, type SandboxSessionRow } from './to-port.js';

/** A hosted session stays payable for a day, as Stripe Checkout's do. */
export const SESSION_LIFETIME_DAYS = 1;

export async function createSubscriptionSession(
  tx: Tx,
  input: {
    ownerId: string;
    customerId: string;
    productName: string;
    amountCents: number;
    currency: string;
    interval: BillingInterval;
    intervalCount: number;
    successUrl: string;
    cancelUrl: string;
    metadata: SandboxMetadata;
    subscriptionMetadata: SandboxMetadata;
    now: Date;
  },
): Promise<SandboxSessionRow> {
  return insertSession(tx, {
    ownerId: input.ownerId,
    mode: 'subscription',
    customerId: input.customerId,
    productName: input.productName,
    amountCents: input.amountCents,
    currency: input.currency,
    interval: input.interval,
    intervalCount: input.intervalCount,
    metadata: input.metadata,
    subscriptionMetadata: input.subscriptionMetadata,
    successUrl: input.successUrl,
    cancelUrl: input.cancelUrl,
    now: input.now,
  });
}

type SessionValues = Omit<
  typeof sandboxCheckoutSessions.$inferInsert,
  'id' | 'status' | 'customerEmail' | 'expiresAt' | 'createdAt'
> & { customerId: string; now: Date };

/**
 * A hosted session, open for a day, as Stripe makes them: the customer's email copied on it, and the
 * success address's {CHECKOUT_SESSION_ID} replaced by the new id.
 */
export async function insertSession(tx: Tx, values: SessionValues): Promise<SandboxSessionRow> {
  const { now, ...rest } = values;
  const [customer] = await tx
    .select({ email: sandboxCustomers.email })
    .from(sandboxCustomers)
    .where(eq(sandboxCustomers.id, values.customerId));
  const id = sandboxId('cs_test', 32);
  const [session] = await tx
    .insert(sandboxCheckoutSessions)
    .values({
      ...rest,
      id,
      status: 'open',
      customerEmail: customer?.email ?? null,
      successUrl: values.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', id),
      expiresAt: addDays(now, SESSION_LIFETIME_DAYS),
      createdAt: now,
    })
    .returning();
  return session!;
}

export type CompleteOutcome =
  | { ok: true; session: SandboxSessionRow }
  | { ok: false; reason: 'not_open' | 'expired' }
  | { ok: false; reason: 'declined'; code: 'insufficient_funds' | 'card_declined' };

export async function lockOpenSession(
  tx: Tx,
  sessionId: string,
  at: Date,
): Promise<SandboxSessionRow | { ok: false; reason: 'not_open' | 'expired' }> {
  const [session] = await tx
    .select()
    .from(sandboxCheckoutSessions)
    .where(eq(sandboxCheckoutSessions.id, sessionId))
    .for('update');
  if (session?.status !== 'open') return { ok: false, reason: 'not_open' };
  if (session.expiresAt.getTime() <= at.getTime()) {
    await tx
      .update(sandboxCheckoutSessions)
      .set({ status: 'expired' })
      .where(eq(sandboxCheckoutSessions.id, sessionId));
    return { ok: false, reason: 'expired' };
  }
  return session;
}

export async function saveCard(tx: Tx, customerId: string, card: SandboxCard): Promise<void> {
  await tx
    .update(sandboxCustomers)
    .set({
      cardBrand: card.brand,
      cardLast4: card.last4,
      cardExpMonth: card.expMonth,
      cardExpYear: card.expYear,
      cardBehavior: card.behavior,
    })
    .where(eq(sandboxCustomers.id, customerId));
}

/**
 * Pays a subscription-mode session: the card is saved on the customer, the subscription starts now
 * with its first invoice paid. A declined card changes nothing (the caller's transaction rolls
 * back), as Stripe Checkout creates no subscription for a declined card.
 */
export async function completeSubscriptionSession(
  deps: SandboxDeps,
  tx: Tx,
  sessionId: string,
  card: SandboxCard,
  at: Date,
): Promise<CompleteOutcome> {
  const locked = await lockOpenSession(tx, sessionId, at);
  if ('ok' in locked) return locked;
  const session = locked;
  const check = chargeOutcome(card.behavior, 'checkout');
  if (!check.ok) return { ok: false, reason: 'declined', code: check.code };
  const customerId = session.customerId!;
  await saveCard(tx, customerId, card);

  const interval = session.interval ?? 'month';
  const intervalCount = session.intervalCount ?? 1;
  const subscriptionId = sandboxId('sub');
  // A trial is a first period of its own, invoiced at nothing; the billing cycle starts when it ends.
  const trialEnd = session.trialDays > 0 ? addDays(at, session.trialDays) : null;
  const periodEnd = trialEnd ?? periodBoundary(at, interval, intervalCount, 1);
  const invoiceId = sandboxId('in');
  const [subscription] = await tx
    .insert(sandboxSubscriptions)
    .values({
      id: subscriptionId,
      ownerId: session.ownerId,
      accountId: session.accountId,
      customerId,
      status: trialEnd ? 'trialing' : 'incomplete',
      productName: session.productName ?? '',
      amountCents: session.amountCents ?? 0,
      currency: session.currency,
      interval,
      intervalCount,
      applicationFeeBps: session.applicationFeeBps,
      metadata: session.subscriptionMetadata,
      billingCycleAnchor: trialEnd ?? at,
      currentPeriodStart: at,
      currentPeriodEnd: periodEnd,
      latestInvoiceId: invoiceId,
      createdAt: at,
    })
    .returning();
  const [invoice] = await tx
    .insert(sandboxInvoices)
    .values({
      id: invoiceId,
      ownerId: session.ownerId,
      accountId: session.accountId,
      customerId,
      subscriptionId,
      status: 'open',
      billingReason: 'subscription_create',
      description: subscription!.productName,
      amountDueCents: trialEnd ? 0 : subscription!.amountCents,
      currency: subscription!.currency,
      metadata: subscription!.metadata,
      periodStart: at,
      periodEnd,
      createdAt: at,
    })
    .returning();
  await emitEvent(deps, tx, {
    ownerId: session.ownerId,
    accountId: session.accountId,
    type: 'customer.subscription.created',
    object: emitted.subscription(subscription!),
    occurredAt: at,
  });
  const charge = await chargeInvoice(deps, tx, invoice!, 'checkout', at);
  if (charge.outcome !== 'paid') throw new Error('a card that passed checkout failed its first charge');

  const [completed] = await tx
    .update(sandboxCheckoutSessions)
    .set({ status: 'complete', subscriptionId, completedAt: at })
    .where(eq(sandboxCheckoutSessions.id, sessionId))
    .returning();
  await emitEvent(deps, tx, {
    ownerId: session.ownerId,
    accountId: session.accountId,
    type: 'checkout.session.completed',
    object: emitted.session(completed!),
    occurredAt: at,
  });
  return { ok: true, session: completed! };
}
