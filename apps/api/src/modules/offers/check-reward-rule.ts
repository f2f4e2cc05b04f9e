import { hasFeature, type PlanId, plans, planUnlocking } from '@nest/contracts';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { findMerchantPlan } from '../plans/find-merchant-plan.js';

const planNames = { starter: 'Starter', pro: 'Pro', enterprise: 'Enterprise' } as const;

/**
 * Reward rules are progression, a Pro and Enterprise feature: on Starter the problem names the plan
 * that unlocks them, so the screen can offer the upgrade.
 */
export function checkRewardRuleAllowed(plan: PlanId | null, rewardRule: unknown): void {
  if (rewardRule === null || rewardRule === undefined) return;
  if (plan && hasFeature(plan, 'progression')) return;
  const needed = plans[planUnlocking('progression')].id;
  throw new AppError('plan_required', {
    params: { plan: planNames[needed] },
    fields: [{ field: 'reward_rule', code: `plan_required:${needed}`, message: planNames[needed] }],
  });
}

/** The same check against the plan the nest's owner has now (read only when a rule is set). */
export async function checkRewardRuleOfOwner(db: Tx, ownerId: string, rewardRule: unknown): Promise<void> {
  if (rewardRule === null || rewardRule === undefined) return;
  checkRewardRuleAllowed(await findMerchantPlan(db, ownerId), rewardRule);
}
