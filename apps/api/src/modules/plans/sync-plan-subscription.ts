import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { planInvoices, planSubscriptions, users } from '../../db/schema/index.js';
import type { PaymentProvider, ProviderInvoice, ProviderSubscription } from '../../payments/port.js';
import type { Jobs } from '../../types.js';
import type { PlatformSeller } from '../receipts/issue-receipt.js';
import { planName } from './plan-catalogue.js';
import { enqueuePlanEmail, type PlanRecipient } from './plan-emails.js';
import { PLAN_KIND_KEY, PLAN_USER_KEY } from './plan-metadata.js';
import type { PlanSubscriptionRow } from './plan-view.js';
import { syncPlanInvoice } from './sync-plan-invoice.js';

export interface PlanSyncContext {
  provider: PaymentProvider;
  jobs: Jobs;
  publicUrl: string;
  /** The seller on plan receipts (receipts/issue-receipt.ts, from the configuration). */
  platform: PlatformSeller;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Paid through: the end of the period when the plan is in good standing; the start of the period
 * when its renewal is unpaid (a date in the past, which sends the merchant to recovery); nothing
 * when there is no plan to speak of.
 */
export function paidThrough(subscription: ProviderSubscription): Date | null {
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      return subscription.currentPeriodEnd;
    case 'past_due':
    case 'unpaid':
      return subscription.currentPeriodStart;
    default:
      return null;
  }
}

const isLive = (status: ProviderSubscription['status']) => status !== 'canceled' && status !== 'incomplete';

/** Serialises every sync of one provider subscription across processes, so a stale read never lands last. */
async function lockSubscription(tx: Tx, provider: string, subscriptionId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7210432, hashtext(${`${provider}:${subscriptionId}`}))`);
}

/**
 * Makes our copy of the merchant's plan what the provider says it is now. Called for every webhook
 * about a plan object and after every plan action; it reads the current subscription (never the
 * event's copy), so events may come in any order and any number of times: the state converges and
 * each change is reported once.
 */
export async function syncPlanSubscription(
  ctx: PlanSyncContext,
  tx: Tx,
  providerSubscriptionId: string,
  options: {
    invoice?: ProviderInvoice;
    source: string;
    /** Re-read every invoice we hold for it, not only the unpaid ones (after the sandbox clock moved). */
    allInvoices?: boolean;
  },
): Promise<PlanSubscriptionRow | undefined> {
  await lockSubscription(tx, ctx.provider.name, providerSubscriptionId);
  const snapshot = await ctx.provider.retrieveSubscription(providerSubscriptionId, { tx });
  if (snapshot?.metadata[PLAN_KIND_KEY] !== 'plan') return undefined;
  const userId = snapshot.metadata[PLAN_USER_KEY];
  if (!userId || !UUID.test(userId)) return undefined;
  // The merchant's row lock orders syncs of two subscriptions of one merchant (a second checkout).
  const [user] = await tx
    .select({ email: users.email, name: users.name, locale: users.locale, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) return undefined;
  const [previous] = await tx.select().from(planSubscriptions).where(eq(planSubscriptions.userId, userId));
  // An older subscription that ended must not replace the merchant's current one.
  const sameSubscription = previous?.providerSubscriptionId === snapshot.id;
  if (previous?.providerSubscriptionId && !sameSubscription && !isLive(snapshot.status)) return previous;
  const plan = snapshot.plan ?? previous?.plan;
  if (!plan) return undefined;

  const values = {
    plan,
    status: snapshot.status,
    nextPaymentAt: paidThrough(snapshot),
    currentPeriodStart: snapshot.currentPeriodStart,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    pendingPlan: snapshot.pendingPlan,
    provider: ctx.provider.name,
    providerCustomerId: snapshot.customerId,
    providerSubscriptionId: snapshot.id,
    updatedAt: new Date(),
  };
  const [saved] = await tx
    .insert(planSubscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: planSubscriptions.userId, set: values })
    .returning();
  const row = saved!;

  if (previous && sameSubscription) await reportChanges(ctx, tx, user, previous, row, options.source);

  // The invoices this sync can see: the one the event was about, the latest, and any we hold as unpaid.
  const invoices = new Map<string, ProviderInvoice>();
  if (options.invoice) invoices.set(options.invoice.id, options.invoice);
  if (snapshot.latestInvoice) invoices.set(snapshot.latestInvoice.id, snapshot.latestInvoice);
  const known = await tx
    .select({ providerInvoiceId: planInvoices.providerInvoiceId })
    .from(planInvoices)
    .where(
      and(
        eq(planInvoices.planSubscriptionId, row.id),
        eq(planInvoices.providerSubscriptionId, snapshot.id),
        options.allInvoices ? undefined : eq(planInvoices.status, 'open'),
        ne(planInvoices.providerInvoiceId, snapshot.latestInvoice?.id ?? ''),
      ),
    );
  for (const { providerInvoiceId } of known) {
    if (invoices.has(providerInvoiceId)) continue;
    const fresh = await ctx.provider.retrieveInvoice(providerInvoiceId, { tx });
    if (fresh) invoices.set(fresh.id, fresh);
  }
  for (const invoice of invoices.values()) await syncPlanInvoice(ctx, tx, row, user, invoice);
  return row;
}

/** Emails for what changed on the same subscription since we last looked. */
async function reportChanges(
  ctx: PlanSyncContext,
  tx: Tx,
  user: PlanRecipient,
  before: PlanSubscriptionRow,
  after: PlanSubscriptionRow,
  source: string,
): Promise<void> {
  if (before.status === 'incomplete') return;
  const key = `${ctx.provider.name}:${after.providerSubscriptionId}:${source}`;
  const common = {
    name: user.name,
    timeZone: user.timeZone,
    accountUrl: `${ctx.publicUrl}/admin/app/account`,
  };
  // A downgrade that takes effect at renewal was announced when it was scheduled.
  if (before.plan !== after.plan && before.pendingPlan !== after.plan) {
    await enqueuePlanEmail(
      ctx.jobs,
      tx,
      user,
      'plan-changed',
      {
        ...common,
        fromPlanName: planName(before.plan),
        toPlanName: planName(after.plan),
        effective: 'now',
        effectiveAt: null,
      },
      `plan-changed:${key}`,
    );
  } else if (after.pendingPlan && after.pendingPlan !== before.pendingPlan) {
    await enqueuePlanEmail(
      ctx.jobs,
      tx,
      user,
      'plan-changed',
      {
        ...common,
        fromPlanName: planName(after.plan),
        toPlanName: planName(after.pendingPlan),
        effective: 'period_end',
        effectiveAt: after.nextPaymentAt?.toISOString() ?? null,
      },
      `plan-changed:${key}`,
    );
  }
  const cancelScheduled = !before.cancelAtPeriodEnd && after.cancelAtPeriodEnd && after.status !== 'canceled';
  const endedUnannounced =
    before.status !== 'canceled' && after.status === 'canceled' && !before.cancelAtPeriodEnd;
  if (cancelScheduled || endedUnannounced) {
    await enqueuePlanEmail(
      ctx.jobs,
      tx,
      user,
      'plan-cancelled',
      {
        name: user.name,
        planName: planName(after.plan),
        endsAt: cancelScheduled ? (after.nextPaymentAt?.toISOString() ?? null) : null,
        timeZone: user.timeZone,
        pricingUrl: `${ctx.publicUrl}/admin/pricing`,
      },
      `plan-cancelled:${key}`,
    );
  }
}
