import { hasFeature, type PlanId, plans, planUnlocking } from '@nest/contracts';
import { AppError } from '../../lib/errors.js';

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
