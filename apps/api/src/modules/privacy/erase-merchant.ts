import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  checkIns,
  dataExports,
  nestCheckouts,
  nestLinks,
  nestLogos,
  nestSubscriptions,
  nests,
  offers,
  passwordResets,
  revenueAlerts,
  rewards,
  sessions,
  subscriptionEvents,
  users,
} from '../../db/schema/index.js';
import { AppError, unauthenticated } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/password.js';
import { findPlanOfMerchant } from '../plans/find-plan-subscription.js';
import { requireActionableSubscription } from '../subscriptions/own-subscription.js';
import { syncAfterAction } from '../subscriptions/sync-after-action.js';
import type { NestSyncContext } from '../subscriptions/sync-nest-subscription.js';

/** Subscriptions that still give access or still bill. */
export const ONGOING_STATUSES = ['trialing', 'active', 'past_due', 'unpaid'] as const;

export interface ErasureContext extends NestSyncContext {
  db: Db;
}

/** What an erased account's email becomes: unique, never deliverable (.invalid, RFC 2606). */
export function erasedEmail(id: string): string {
  return `erased-${id}@erased.invalid`;
}

/**
 * Erases a merchant account (GDPR art. 17; ADR 171). Refused with 409 `active_subscribers` while
 * customers are still subscribed, unless the merchant chose to cancel them: then each ends now at the
 * payment provider, and we wait for each answer before going on. The plan stops renewing. Then, in
 * one transaction: the account's identity is replaced, sessions, exports and the nest's operational
 * data (check-ins, rewards, history, checkouts, logo) are deleted, links stop working and offers are
 * archived. Invoices, payments, payouts and receipts stay, tied to the anonymised account, for the
 * legal retention period (10 years, French commercial code art. L123-22).
 */
export async function eraseMerchant(
  ctx: ErasureContext,
  input: { userId: string; password: string; cancelSubscriptions: boolean },
): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, input.userId));
  if (!user || user.erasedAt) throw unauthenticated();
  if (!(await verifyPassword(user.passwordHash, input.password)))
    throw new AppError('wrong_current_password');
  const [nest] = await ctx.db.select().from(nests).where(eq(nests.ownerId, user.id));
  const live = nest
    ? await ctx.db
        .select({ id: nestSubscriptions.id, customerId: nestSubscriptions.customerId })
        .from(nestSubscriptions)
        .where(
          and(eq(nestSubscriptions.nestId, nest.id), inArray(nestSubscriptions.status, ONGOING_STATUSES)),
        )
    : [];
  if (live.length > 0 && !input.cancelSubscriptions) {
    throw new AppError('active_subscribers', { params: { count: live.length } });
  }
  for (const subscription of live) {
    const owned = await requireActionableSubscription(ctx.db, subscription.customerId, subscription.id).catch(
      () => null, // never made at the provider: nothing to cancel there
    );
    if (!owned) continue;
    await ctx.provider.cancelNestSubscriptionNow(owned.accountId, owned.providerSubscriptionId, {
      idempotencyKey: `nest:erase-merchant:${subscription.id}`,
    });
    await syncAfterAction(ctx, owned.accountId, owned.providerSubscriptionId, undefined, {
      kind: 'merchant',
      merchantId: user.id,
    });
  }
  const plan = await findPlanOfMerchant(ctx.db, user.id);
  if (plan?.providerSubscriptionId && plan.status !== 'canceled' && !plan.cancelAtPeriodEnd) {
    await ctx.provider.setCancelAtPeriodEnd(plan.providerSubscriptionId, true, {
      idempotencyKey: `nest:erase-merchant-plan:${plan.id}`,
    });
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        email: erasedEmail(user.id),
        name: '',
        // Not a hash any password can match: the account can never be signed into again.
        passwordHash: 'erased',
        erasedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    await tx.delete(revenueAlerts).where(eq(revenueAlerts.userId, user.id));
    await tx.delete(dataExports).where(eq(dataExports.userId, user.id));
    if (nest) {
      await tx.delete(nestLogos).where(eq(nestLogos.nestId, nest.id));
      await tx.delete(rewards).where(eq(rewards.nestId, nest.id));
      await tx.delete(checkIns).where(eq(checkIns.nestId, nest.id));
      await tx.delete(subscriptionEvents).where(eq(subscriptionEvents.nestId, nest.id));
      await tx.delete(nestCheckouts).where(eq(nestCheckouts.nestId, nest.id));
      await tx.update(nestLinks).set({ active: false }).where(eq(nestLinks.nestId, nest.id));
      await tx
        .update(offers)
        .set({ status: 'archived', archivedAt: new Date() })
        .where(and(eq(offers.nestId, nest.id), eq(offers.status, 'active')));
      await tx.update(nests).set({ description: null }).where(eq(nests.id, nest.id));
    }
  });
}
