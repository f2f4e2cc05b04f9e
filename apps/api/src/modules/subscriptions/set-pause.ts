import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { HistoryActor } from './history.js';
import type { ActionableSubscription } from './own-subscription.js';
import { isPausedAt, pauseView } from './pause-view.js';
import { syncAfterAction } from './sync-after-action.js';
import type { NestSyncContext } from './sync-nest-subscription.js';

/**
 * Pauses a subscription for `periods` billing periods at the provider (ADR 150) and syncs our copy;
 * the history records it with `actor`. Shared by the merchant's customer detail and the customer's
 * area, which check first who may pause for how long. Refused with a problem that says why when the
 * subscription is not one a pause makes sense for: ended, in its trial, with a payment overdue,
 * ending at period end, or paused already.
 */
export async function applyPause(
  ctx: NestSyncContext & { db: Db },
  owned: ActionableSubscription,
  periods: number,
  actor: HistoryActor,
): Promise<void> {
  const before = owned.subscription;
  switch (before.status) {
    case 'active':
      break;
    case 'trialing':
      throw new AppError('pause_trialing');
    case 'past_due':
    case 'unpaid':
      throw new AppError('pause_past_due');
    default:
      throw new AppError('pause_not_active');
  }
  if (before.cancelAtPeriodEnd) throw new AppError('pause_cancelling');
  if (pauseView(before)) throw new AppError('already_paused');
  // Keyed by the state it changes from: a retried request repeats the same call, a later pause is a new one.
  const idempotencyKey = `nest:pause:${before.id}:${periods}:${before.updatedAt.getTime()}`;
  await ctx.provider.pauseNestSubscription(owned.accountId, owned.providerSubscriptionId, periods, {
    idempotencyKey,
  });
  await syncAfterAction(ctx, owned.accountId, owned.providerSubscriptionId, undefined, actor);
}

/**
 * Ends a pause now (ADR 150): billing resumes at the next renewal. The customer may only take back a
 * pause that has not begun (`allowStarted` false): once the paused period has started, resuming would
 * give them the rest of a period nobody paid for; the merchant may, it is their gift to make.
 */
export async function applyResume(
  ctx: NestSyncContext & { db: Db },
  owned: ActionableSubscription,
  actor: HistoryActor,
  allowStarted: boolean,
): Promise<void> {
  const before = owned.subscription;
  if (!pauseView(before)) throw new AppError('not_paused');
  if (!allowStarted && isPausedAt(before, new Date())) throw new AppError('pause_started');
  const idempotencyKey = `nest:resume:${before.id}:${before.updatedAt.getTime()}`;
  await ctx.provider.resumeNestSubscription(owned.accountId, owned.providerSubscriptionId, {
    idempotencyKey,
  });
  await syncAfterAction(ctx, owned.accountId, owned.providerSubscriptionId, undefined, actor);
}
