import {
  MERCHANT_SUBSCRIPTION_ACTIONS_PER_NEST_HOUR,
  type MerchantCancellation,
  type MerchantCustomerDetail,
} from '@nest/contracts';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { enforceRateLimit } from '../../lib/rate-limit.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { REFUND_INITIATED_BY_KEY } from '../../payments/money.js';
import { isUuid } from '../nests/find-nest.js';
import { REFUND_LIMIT } from '../revenue/refund-payment.js';
import type { HistoryActor } from '../subscriptions/history.js';
import { requireActionableSubscription } from '../subscriptions/own-subscription.js';
import { applyCancellation } from '../subscriptions/set-cancellation.js';
import { syncAfterAction } from '../subscriptions/sync-after-action.js';
import type { NestSyncContext } from '../subscriptions/sync-nest-subscription.js';
import { getNestCustomerDetail } from './get-customer-detail.js';
import { unusedPeriods } from './unused-period.js';

const HOUR_MS = 60 * 60 * 1000;
const ongoing = new Set(['trialing', 'active', 'past_due', 'unpaid']);

export interface MerchantActionContext extends NestSyncContext {
  db: Db;
  rateLimiter: RateLimiter;
}

/**
 * The merchant cancels one of their customer's subscriptions: now (it ends at once; with
 * `refund: 'prorated'`, the unused part of the paid period is refunded, ADR 156), at the end of the
 * period, or takes a scheduled cancellation back.
 * At the provider on the nest's connected account, then our copy is synced the way webhooks do it,
 * and the history records it with the merchant's id. Another nest's subscription is 404; an ended
 * one is 409.
 */
export async function cancelNestSubscription(
  ctx: MerchantActionContext,
  input: {
    nestId: string;
    customerId: string;
    subscriptionId: string;
    merchantId: string;
  } & MerchantCancellation,
): Promise<MerchantCustomerDetail> {
  // Not an id at all: nobody's subscription (the database would refuse the cast).
  if (!isUuid(input.customerId) || !isUuid(input.subscriptionId)) throw notFound();
  const owned = await requireActionableSubscription(ctx.db, input.customerId, input.subscriptionId).catch(
    (error: unknown) => {
      // A subscription the provider never made is not one a merchant can act on either.
      if (error instanceof AppError && error.code === 'conflict') throw new AppError('subscription_ended');
      throw error;
    },
  );
  if (owned.subscription.nestId !== input.nestId) throw notFound();
  if (!ongoing.has(owned.subscription.status)) throw new AppError('subscription_ended');
  await enforceRateLimit(ctx.rateLimiter, [
    {
      key: `merchant-subscription-action:nest:${input.nestId}`,
      limit: MERCHANT_SUBSCRIPTION_ACTIONS_PER_NEST_HOUR,
      windowMs: HOUR_MS,
    },
  ]);
  const actor: HistoryActor = { kind: 'merchant', merchantId: input.merchantId };
  if (input.when === 'now') {
    const prorated = input.refund === 'prorated';
    // Measured before the end: what is left of the period the customer paid for, at this moment.
    const unused = prorated
      ? (await unusedPeriods(ctx.db, input.nestId, [owned.subscription.id])).get(owned.subscription.id)
      : undefined;
    if (prorated) {
      await enforceRateLimit(ctx.rateLimiter, [{ key: `refund:user:${input.merchantId}`, ...REFUND_LIMIT }]);
    }
    await ctx.provider.cancelNestSubscriptionNow(owned.accountId, owned.providerSubscriptionId, {
      idempotencyKey: `nest:merchant-cancel-now:${owned.subscription.id}`,
    });
    await syncAfterAction(ctx, owned.accountId, owned.providerSubscriptionId, undefined, actor);
    // After the end, so a refund never goes out for a subscription that keeps running. The ledger's
    // refund row and the history line come with the provider's event, naming the merchant.
    if (unused && unused.provider === ctx.provider.name) {
      await ctx.provider.createNestRefund(
        owned.accountId,
        {
          paymentId: unused.providerPaymentId,
          amountCents: unused.cents,
          reason: 'requested_by_customer',
          metadata: { [REFUND_INITIATED_BY_KEY]: input.merchantId, nest_transaction_id: unused.paymentId },
        },
        { idempotencyKey: `nest:merchant-cancel-refund:${owned.subscription.id}` },
      );
    }
  } else {
    await applyCancellation(ctx, owned, input.when === 'period_end', actor);
  }
  return getNestCustomerDetail(ctx.db, input.nestId, input.customerId);
}
