import type { CustomerSubscription } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import { offerPrices, offers } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { listCustomerSubscriptions } from './customer-subscriptions.js';
import { requireActionableSubscription } from './own-subscription.js';
import { applyPause, applyResume } from './set-pause.js';
import type { SubscriptionContext } from './subscription-context.js';

/**
 * The customer pauses one of their subscriptions from their area (`periods`), or takes back a pause
 * that has not begun (`periods` null), as far as the offer allows: the merchant sets how many periods
 * a customer may pause at a time (0: not at all). ADR 150.
 */
export async function setCustomerPause(
  ctx: SubscriptionContext,
  input: { customerId: string; subscriptionId: string; periods: number | null },
): Promise<CustomerSubscription> {
  const owned = await requireActionableSubscription(ctx.db, input.customerId, input.subscriptionId).catch(
    (error: unknown) => {
      if (error instanceof AppError && error.code === 'conflict') throw new AppError('pause_not_active');
      throw error;
    },
  );
  if (input.periods === null) {
    await applyResume(ctx, owned, { kind: 'customer' }, false);
  } else {
    const [offer] = await ctx.db
      .select({ max: offers.customerPauseMaxPeriods })
      .from(offerPrices)
      .innerJoin(offers, eq(offers.id, offerPrices.offerId))
      .where(eq(offerPrices.id, owned.subscription.offerPriceId));
    const max = offer?.max ?? 0;
    if (max === 0) throw new AppError('pause_not_offered');
    if (input.periods > max) throw new AppError('pause_too_long', { params: { max } });
    await applyPause(ctx, owned, input.periods, { kind: 'customer' });
  }
  const view = (await listCustomerSubscriptions(ctx.db, input.customerId, ctx.checkInCounters)).find(
    (s) => s.id === owned.subscription.id,
  );
  if (!view) throw new AppError('not_found');
  return view;
}
