import type { CustomerSubscription } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { nestCustomers, nestSubscriptions } from '../../db/schema/index.js';
import type { EmailRequest } from '../../emails/send-email.js';
import { SEND_EMAIL_JOB } from '../../emails/send-email.js';
import { AppError } from '../../lib/errors.js';
import { listCustomerSubscriptions } from './customer-subscriptions.js';
import type { HistoryActor } from './history.js';
import { type ActionableSubscription, requireActionableSubscription } from './own-subscription.js';
import type { SubscriptionContext } from './subscription-context.js';
import { syncAfterAction } from './sync-after-action.js';
import type { NestSyncContext } from './sync-nest-subscription.js';

const ongoing = new Set(['trialing', 'active', 'past_due', 'unpaid']);

/**
 * Cancels one of the customer's subscriptions at the end of the period (cancel = true), or takes the
 * cancellation back before then (cancel = false), at the provider on the merchant's connected account.
 * A cancellation is confirmed by email in the customer's language, once per cancellation.
 */
export async function setCancellation(
  ctx: SubscriptionContext,
  input: { customerId: string; subscriptionId: string; cancel: boolean },
): Promise<CustomerSubscription> {
  const owned = await requireActionableSubscription(ctx.db, input.customerId, input.subscriptionId);
  if (!ongoing.has(owned.subscription.status)) throw new AppError('conflict');
  await applyCancellation(ctx, owned, input.cancel, { kind: 'customer' });
  const view = (await listCustomerSubscriptions(ctx.db, input.customerId, ctx.checkInCounters)).find(
    (s) => s.id === owned.subscription.id,
  );
  if (!view) throw new AppError('not_found');
  return view;
}

/**
 * Sets or takes back a cancellation at period end at the provider, syncs our copy (the history
 * records it with `actor`), and emails the customer a confirmation of a cancellation, once. Shared by
 * the customer's area and the merchant's customer detail. Nothing happens when it is already so.
 */
export async function applyCancellation(
  ctx: NestSyncContext & { db: Db },
  owned: ActionableSubscription,
  cancel: boolean,
  actor: HistoryActor,
): Promise<void> {
  const before = owned.subscription;
  if (before.cancelAtPeriodEnd === cancel) return;
  // Keyed by the state it changes from: a retried request repeats the same call, a later change is a new one.
  const idempotencyKey = `nest:customer-cancel:${before.id}:${cancel}:${before.updatedAt.getTime()}`;
  await ctx.provider.setNestCancelAtPeriodEnd(owned.accountId, owned.providerSubscriptionId, cancel, {
    idempotencyKey,
  });
  await syncAfterAction(
    ctx,
    owned.accountId,
    owned.providerSubscriptionId,
    async (tx) => {
      if (!cancel) return;
      const [after] = await tx.select().from(nestSubscriptions).where(eq(nestSubscriptions.id, before.id));
      const [customer] = await tx.select().from(nestCustomers).where(eq(nestCustomers.id, before.customerId));
      if (!after?.cancelAtPeriodEnd || !customer) return;
      const email: EmailRequest<'customer-cancelled'> = {
        to: customer.email,
        locale: customer.locale === 'fr-FR' ? 'fr-FR' : 'en-US',
        template: 'customer-cancelled',
        params: {
          name: customer.name ?? '',
          nestName: owned.nestName,
          offerName: owned.offerName,
          endsAt: after.currentPeriodEnd?.toISOString() ?? null,
          timeZone: owned.nestTimeZone,
          areaUrl: `${ctx.publicUrl}/client/app/overview`,
        },
        recipient: { nestId: before.nestId, customerId: before.customerId },
      };
      await ctx.jobs.enqueue(SEND_EMAIL_JOB, email, { tx, dedupeKey: idempotencyKey });
    },
    actor,
  );
}
