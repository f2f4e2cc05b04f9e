import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  customerLoginCodes,
  customerSessions,
  dataExports,
  nestCheckouts,
  nestCustomers,
  nestSubscriptions,
} from '../../db/schema/index.js';
import { AppError, unauthenticated } from '../../lib/errors.js';
import { requireActionableSubscription } from '../subscriptions/own-subscription.js';
import { syncAfterAction } from '../subscriptions/sync-after-action.js';
import { type ErasureContext, erasedEmail, ONGOING_STATUSES } from './erase-merchant.js';

/**
 * Erases a customer account (GDPR art. 17; ADR 171), after the customer typed their email again.
 * Refused with 409 `active_subscribers` while a subscription still renews: the customer cancels it
 * first. A subscription already cancelled at the end of its period ends now at the provider (what was
 * paid stays paid), since the pass would name nobody. Then the email and name are replaced, sessions,
 * sign-in codes, exports and the checkouts' copies of the name and email are erased. Invoices and
 * payments stay with each merchant, anonymised, for the legal retention period.
 */
export async function eraseCustomer(
  ctx: ErasureContext,
  input: { customerId: string; email: string },
): Promise<void> {
  const [customer] = await ctx.db.select().from(nestCustomers).where(eq(nestCustomers.id, input.customerId));
  if (!customer || customer.erasedAt) throw unauthenticated();
  if (customer.email.trim().toLowerCase() !== input.email.trim().toLowerCase()) {
    throw new AppError('wrong_email', {
      fields: [{ field: 'email', code: 'mismatch', message: 'Type the email address of your account.' }],
    });
  }
  const live = await ctx.db
    .select({ id: nestSubscriptions.id, cancelAtPeriodEnd: nestSubscriptions.cancelAtPeriodEnd })
    .from(nestSubscriptions)
    .where(
      and(eq(nestSubscriptions.customerId, customer.id), inArray(nestSubscriptions.status, ONGOING_STATUSES)),
    );
  const renewing = live.filter((subscription) => !subscription.cancelAtPeriodEnd);
  if (renewing.length > 0) throw new AppError('active_subscribers', { params: { count: renewing.length } });
  for (const subscription of live) {
    const owned = await requireActionableSubscription(ctx.db, customer.id, subscription.id).catch(() => null);
    if (!owned) continue;
    await ctx.provider.cancelNestSubscriptionNow(owned.accountId, owned.providerSubscriptionId, {
      idempotencyKey: `nest:erase-customer:${subscription.id}`,
    });
    await syncAfterAction(ctx, owned.accountId, owned.providerSubscriptionId, undefined, {
      kind: 'customer',
    });
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(nestCheckouts)
      .set({ email: erasedEmail(customer.id), name: '' })
      .where(sql`lower(${nestCheckouts.email}) = lower(${customer.email})`);
    await tx
      .update(nestCustomers)
      .set({ email: erasedEmail(customer.id), name: null, erasedAt: new Date() })
      .where(eq(nestCustomers.id, customer.id));
    await tx.delete(customerSessions).where(eq(customerSessions.customerId, customer.id));
    await tx.delete(customerLoginCodes).where(eq(customerLoginCodes.customerId, customer.id));
    await tx.delete(dataExports).where(eq(dataExports.customerId, customer.id));
  });
}
