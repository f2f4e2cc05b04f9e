/**
 * The metadata we put on the provider's objects so a webhook about them can be traced back to a
 * merchant without trusting event order: the subscription itself says whose plan it is.
 */
export const PLAN_KIND_KEY = 'nest_kind';
export const PLAN_USER_KEY = 'nest_user_id';

export type PlanObjectKind = 'plan' | 'plan_card_update';

export function planMetadata(userId: string, kind: PlanObjectKind): Record<string, string> {
  return { [PLAN_KIND_KEY]: kind, [PLAN_USER_KEY]: userId };
}
