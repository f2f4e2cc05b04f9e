import { MERCHANT_SUBSCRIPTION_ACTIONS_PER_NEST_HOUR, type MerchantCustomerDetail } from '@nest/contracts';
import { AppError, notFound } from '../../lib/errors.js';
import { enforceRateLimit } from '../../lib/rate-limit.js';
import { isUuid } from '../nests/find-nest.js';
import type { HistoryActor } from '../subscriptions/history.js';
import { requireActionableSubscription } from '../subscriptions/own-subscription.js';
import { applyPause, applyResume } from '../subscriptions/set-pause.js';
import type { MerchantActionContext } from './cancel-subscription.js';
import { getNestCustomerDetail } from './get-customer-detail.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The merchant pauses one of their customer's subscriptions for a number of periods (`periods`), or
 * ends a pause early (`periods` null), at the provider on the nest's connected account (ADR 150).
 * Recorded in the customer's history with the merchant's id; answers the customer's detail. Another
 * nest's subscription is 404.
 */
export async function setNestSubscriptionPause(
  ctx: MerchantActionContext,
  input: {
    nestId: string;
    customerId: string;
    subscriptionId: string;
    merchantId: string;
    periods: number | null;
  },
): Promise<MerchantCustomerDetail> {
  if (!isUuid(input.customerId) || !isUuid(input.subscriptionId)) throw notFound();
  const owned = await requireActionableSubscription(ctx.db, input.customerId, input.subscriptionId).catch(
    (error: unknown) => {
      // A subscription the provider never made is not one a merchant can pause either.
      if (error instanceof AppError && error.code === 'conflict') throw new AppError('pause_not_active');
      throw error;
    },
  );
  if (owned.subscription.nestId !== input.nestId) throw notFound();
  await enforceRateLimit(ctx.rateLimiter, [
    {
      key: `merchant-subscription-action:nest:${input.nestId}`,
      limit: MERCHANT_SUBSCRIPTION_ACTIONS_PER_NEST_HOUR,
      windowMs: HOUR_MS,
    },
  ]);
  const actor: HistoryActor = { kind: 'merchant', merchantId: input.merchantId };
  if (input.periods === null) await applyResume(ctx, owned, actor, true);
  else await applyPause(ctx, owned, input.periods, actor);
  return getNestCustomerDetail(ctx.db, input.nestId, input.customerId);
}
