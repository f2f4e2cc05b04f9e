import { type RewardRule, seatHoldingStatuses } from '@nest/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { nestInvoices, nestSubscriptions, nests, offerPrices, offers } from '../../db/schema/index.js';
import type { PaymentProvider, ProviderInvoice } from '../../payments/port.js';
import type { Jobs } from '../../types.js';
import { findOrCreateCustomer, type NestCustomerRow } from './find-or-create-customer.js';
import { type HistoryActor, providerActor, recordSubscriptionChanges } from './history.js';
import { type NestCheckoutMetadata, readProviderMetadata } from './subscription-metadata.js';
import { syncNestInvoice } from './sync-nest-invoice.js';

/**
 * What another module does inside a sync, handed in by whoever builds the context (the composition
 * root, routes.ts, for this module's own routes and webhooks), so this module imports none of them.
 */
export interface SubscriptionSyncHooks {
  /**
   * The subscription holds a place (paid, or in its trial): the checkout that made it is completed.
   * Called on every such sync; the checkout module makes it count once.
   */
  placeHeld(tx: Tx, held: { checkoutId: string; subscriptionId: string }): Promise<void>;
}

export interface NestSyncContext {
  provider: PaymentProvider;
  jobs: Jobs;
  publicUrl: string;
  hooks: SubscriptionSyncHooks;
}

export type NestSubscriptionRow = typeof nestSubscriptions.$inferSelect;

/** The nest, offer and price version a subscription's metadata names, once checked. */
interface SyncTarget {
  /** The connected account the subscription is sold on. */
  accountId: string;
  nestName: string;
  nestTimeZone: string;
  ownerId: string;
  offerName: string;
  /** The offer's reward rule: a `paid_periods` one is earned as payments are recorded. */
  rewardRule: RewardRule | null;
}

export interface NestSubscriptionSync {
  subscription: NestSubscriptionRow;
  customer: NestCustomerRow;
  target: SyncTarget;
}

const seatHolding = new Set<string>(seatHoldingStatuses);

/** The metadata must name a price version of an offer of that nest, sold on the account the event came from. */
async function findTarget(
  tx: Tx,
  accountId: string,
  meta: NestCheckoutMetadata,
): Promise<SyncTarget | undefined> {
  const [row] = await tx
    .select({
      nestId: offers.nestId,
      accountId: offers.providerAccountId,
      nestName: nests.name,
      nestTimeZone: nests.timeZone,
      ownerId: nests.ownerId,
      offerName: offers.name,
      rewardRule: offers.rewardRule,
    })
    .from(offerPrices)
    .innerJoin(offers, eq(offers.id, offerPrices.offerId))
    .innerJoin(nests, eq(nests.id, offers.nestId))
    .where(eq(offerPrices.id, meta.offerPriceId));
  if (!row || row.nestId !== meta.nestId || row.accountId !== accountId) return undefined;
  return { ...row, accountId };
}

/**
 * Makes our copy of a customer subscription what the provider says it is now: the customer (one
 * identity per email), the subscription, its invoices and payments. Called for every webhook about
 * a customer subscription on a connected account, and by the success page when the buyer is back
 * before the webhook. It re-reads the current subscription (never an event's copy), under a lock
 * per provider subscription, so events in any order and any number converge to one state.
 *
 * Nothing here checks the revenue limit: that pauses new checkouts only, renewals always land.
 */
export async function syncNestSubscription(
  ctx: NestSyncContext,
  tx: Tx,
  accountId: string,
  providerSubscriptionId: string,
  options: { invoice?: ProviderInvoice; actor?: HistoryActor },
): Promise<NestSubscriptionRow | undefined> {
  const provider = ctx.provider.name;
  await tx.execute(
    sql`select pg_advisory_xact_lock(7210433, hashtext(${`${provider}:${providerSubscriptionId}`}))`,
  );
  const snapshot = await ctx.provider.retrieveNestSubscription(accountId, providerSubscriptionId, { tx });
  const meta = snapshot ? readProviderMetadata(snapshot.metadata) : undefined;
  if (!snapshot || !meta) return undefined;
  const target = await findTarget(tx, accountId, meta);
  if (!target) return undefined;
  const customer = await findOrCreateCustomer(tx, {
    email: meta.email,
    name: meta.name,
    locale: meta.locale,
  });

  const [before] = await tx
    .select()
    .from(nestSubscriptions)
    .where(
      and(
        eq(nestSubscriptions.provider, provider),
        eq(nestSubscriptions.providerSubscriptionId, snapshot.id),
      ),
    );
  const now = new Date();
  const values = {
    status: snapshot.status,
    currentPeriodStart: snapshot.currentPeriodStart,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    pauseStartsAt: snapshot.pause?.startsAt ?? null,
    pauseEndsAt: snapshot.pause?.endsAt ?? null,
    providerCustomerId: snapshot.customerId,
    updatedAt: now,
  };
  const [saved] = await tx
    .insert(nestSubscriptions)
    .values({
      ...values,
      nestId: meta.nestId,
      customerId: customer.id,
      offerPriceId: meta.offerPriceId,
      provider,
      providerSubscriptionId: snapshot.id,
      linkId: meta.linkId,
      canceledAt: snapshot.status === 'canceled' ? now : null,
      // The app's clock, as for every other time this sync writes (ADR 145), not the database's.
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [nestSubscriptions.provider, nestSubscriptions.providerSubscriptionId],
      set: values,
    })
    .returning();
  let subscription = saved!;
  // The first time it is seen ended, the time it ended; a later sync keeps that time.
  if (subscription.status === 'canceled' && !subscription.canceledAt) {
    [subscription] = (await tx
      .update(nestSubscriptions)
      .set({ canceledAt: now })
      .where(eq(nestSubscriptions.id, subscription.id))
      .returning()) as [NestSubscriptionRow];
  }
  // The history (ADR 127): what this sync changed, by whoever caused it (the provider for a webhook).
  await recordSubscriptionChanges(tx, before, subscription, options.actor ?? providerActor);
  if (seatHolding.has(subscription.status)) {
    await ctx.hooks.placeHeld(tx, { checkoutId: meta.checkoutId, subscriptionId: subscription.id });
  }

  // The invoices this sync can see: the event's, the latest, and any we still hold as unpaid.
  const invoices = new Map<string, ProviderInvoice>();
  if (options.invoice) invoices.set(options.invoice.id, options.invoice);
  if (snapshot.latestInvoice) invoices.set(snapshot.latestInvoice.id, snapshot.latestInvoice);
  const unpaid = await tx
    .select({ providerInvoiceId: nestInvoices.providerInvoiceId })
    .from(nestInvoices)
    .where(
      and(
        eq(nestInvoices.subscriptionId, subscription.id),
        eq(nestInvoices.status, 'open'),
        ne(nestInvoices.providerInvoiceId, snapshot.latestInvoice?.id ?? ''),
      ),
    );
  for (const { providerInvoiceId } of unpaid) {
    if (invoices.has(providerInvoiceId)) continue;
    const fresh = await ctx.provider.retrieveNestInvoice(accountId, providerInvoiceId, { tx });
    if (fresh) invoices.set(fresh.id, fresh);
  }
  const sync = { subscription, customer, target };
  for (const invoice of invoices.values()) await syncNestInvoice(ctx, tx, sync, meta, invoice);
  return subscription;
}
