import type { PayNowEmail } from '@nest/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  nestCustomers,
  nestInvoices,
  nestSubscriptions,
  nests,
  offerPrices,
  offers,
} from '../../db/schema/index.js';
import { SEND_EMAIL_JOB } from '../../emails/send-email.js';
import { AppError, notFound } from '../../lib/errors.js';
import { enforceRateLimit } from '../../lib/rate-limit.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { Jobs } from '../../types.js';
import { isUuid } from '../nests/find-nest.js';
import { paymentFailedEmail } from '../subscriptions/notify-payment-failed.js';
import { priceOffer, subscriptionPrice } from '../subscriptions/subscription-offer.js';
import { PAY_NOW_STATUSES } from './eligibility.js';

/** One email per subscription every 10 minutes (a second press is a mistake), 30 an hour per nest. */
export const PAY_NOW_SUBSCRIPTION_LIMIT = { limit: 1, windowMs: 10 * 60 * 1000 } as const;
export const PAY_NOW_NEST_LIMIT = { limit: 30, windowMs: 60 * 60 * 1000 } as const;

export interface PayNowContext {
  db: Db;
  jobs: Jobs;
  publicUrl: string;
  rateLimiter: RateLimiter;
}

/**
 * From the counter (ADR 133): emails a past-due or unpaid subscriber the pay-now link of the
 * payment-failed email (the same template and address, in the customer's language). Another nest's
 * subscription is 404; one with nothing to pay is 409 `pay_now_not_needed`; then the limits (429).
 */
export async function sendPayNowEmail(
  ctx: PayNowContext,
  nestId: string,
  subscriptionId: string,
  now: Date = new Date(),
): Promise<PayNowEmail> {
  if (!isUuid(subscriptionId)) throw notFound();
  const [sub] = await ctx.db
    .select({
      id: nestSubscriptions.id,
      status: nestSubscriptions.status,
      customerId: nestSubscriptions.customerId,
      email: nestCustomers.email,
      name: nestCustomers.name,
      locale: nestCustomers.locale,
      nestName: nests.name,
      offerName: offers.name,
      priceCents: offerPrices.amountCents,
      currency: offerPrices.currency,
    })
    .from(nestSubscriptions)
    .innerJoin(nestCustomers, eq(nestCustomers.id, nestSubscriptions.customerId))
    .innerJoin(nests, eq(nests.id, nestSubscriptions.nestId))
    .innerJoin(...subscriptionPrice)
    .innerJoin(...priceOffer)
    .where(and(eq(nestSubscriptions.id, subscriptionId), eq(nestSubscriptions.nestId, nestId)));
  if (!sub) throw notFound();
  if (!PAY_NOW_STATUSES.includes(sub.status)) throw new AppError('pay_now_not_needed');
  await enforceRateLimit(ctx.rateLimiter, [
    { key: `pay-now:subscription:${sub.id}`, ...PAY_NOW_SUBSCRIPTION_LIMIT },
    { key: `pay-now:nest:${nestId}`, ...PAY_NOW_NEST_LIMIT },
  ]);
  const [due] = await ctx.db
    .select({
      cents: sql<number>`coalesce(sum(${nestInvoices.amountDueCents} - ${nestInvoices.amountPaidCents}), 0)::int`,
    })
    .from(nestInvoices)
    .where(and(eq(nestInvoices.subscriptionId, sub.id), eq(nestInvoices.status, 'open')));
  const owed = Number(due?.cents ?? 0);
  const email = paymentFailedEmail(ctx.publicUrl, {
    ...sub,
    // The open invoices' balance; a price's amount when the provider's invoice has not reached us.
    amountCents: owed > 0 ? owed : sub.priceCents,
    subscriptionId: sub.id,
    nestId,
    customerId: sub.customerId,
  });
  await ctx.jobs.enqueue(SEND_EMAIL_JOB, email);
  return { subscription_id: sub.id, sent_to: sub.email, sent_at: now.toISOString() };
}
