import { AppError } from '../../lib/errors.js';
import { findPlanOfMerchant } from './find-plan-subscription.js';
import { type PlanContext, syncAfterAction } from './plan-context.js';
import type { PlanSubscriptionRow } from './plan-view.js';

/**
 * Cancels the plan at the end of the period (true) or takes that back (false). The merchant keeps
 * everything until then; nothing is refunded, nothing more is charged.
 */
export async function setPlanCancellation(
  ctx: PlanContext,
  input: { userId: string; cancel: boolean; requestKey: string },
): Promise<PlanSubscriptionRow> {
  const current = await findPlanOfMerchant(ctx.db, input.userId);
  if (!current?.providerSubscriptionId || current.status === 'incomplete' || current.status === 'canceled') {
    throw new AppError('plan_missing', { status: 409 });
  }
  if (current.cancelAtPeriodEnd === input.cancel) return current;
  await ctx.provider.setCancelAtPeriodEnd(current.providerSubscriptionId, input.cancel, {
    idempotencyKey: `nest:plan-${input.cancel ? 'cancel' : 'resume'}:${current.id}:${input.requestKey}`,
  });
  const row = await syncAfterAction(
    ctx,
    current.providerSubscriptionId,
    `${input.cancel ? 'cancel' : 'resume'}:${input.requestKey}`,
  );
  return row ?? current;
}
