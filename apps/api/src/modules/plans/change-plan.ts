import { type PlanId, planRank } from '@nest/contracts';
import { AppError } from '../../lib/errors.js';
import { findPlanOfMerchant } from './find-plan-subscription.js';
import { planPrice } from './plan-catalogue.js';
import { type PlanContext, syncAfterAction } from './plan-context.js';
import type { PlanSubscriptionRow } from './plan-view.js';

/** The merchant's plan, when it is one that can be changed: paid for, not ended. */
export async function requireChangeablePlan(ctx: PlanContext, userId: string): Promise<PlanSubscriptionRow> {
  const row = await findPlanOfMerchant(ctx.db, userId);
  if (!row?.providerSubscriptionId || row.status === 'incomplete' || row.status === 'canceled') {
    throw new AppError('plan_missing', { status: 409 });
  }
  if (row.status === 'past_due' || row.status === 'unpaid')
    throw new AppError('plan_not_active', { status: 409 });
  return row;
}

/**
 * Upgrade now (a prorated invoice for the rest of the period is charged at once; a declined card
 * changes nothing) or downgrade at the end of the period (the merchant keeps what they paid for).
 * Choosing the current plan again takes back a pending downgrade.
 */
export async function changePlan(
  ctx: PlanContext,
  input: { userId: string; plan: PlanId; requestKey: string },
): Promise<{ effective: 'now' | 'period_end'; row: PlanSubscriptionRow }> {
  const current = await requireChangeablePlan(ctx, input.userId);
  const effective = planRank[input.plan] > planRank[current.plan] ? 'now' : 'period_end';
  await ctx.provider.changeSubscriptionPlan(
    current.providerSubscriptionId!,
    { price: planPrice(ctx.config, input.plan), timing: effective },
    { idempotencyKey: `nest:plan-change:${current.id}:${input.plan}:${input.requestKey}` },
  );
  const row = await syncAfterAction(ctx, current.providerSubscriptionId!, `change:${input.requestKey}`);
  return { effective, row: row ?? current };
}
