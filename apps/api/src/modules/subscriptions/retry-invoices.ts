import type { CustomerRetryResult } from '@nest/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { nestInvoices } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { listSubscriptionInvoices } from './customer-invoices.js';
import { listCustomerSubscriptions } from './customer-subscriptions.js';
import { requireActionableSubscription } from './own-subscription.js';
import type { SubscriptionContext } from './subscription-context.js';
import { syncAfterAction } from './sync-after-action.js';

/**
 * Pays a subscription's unpaid invoices (or one of them), oldest first, with the saved card, at the
 * provider on the merchant's connected account, stopping at the first decline. The subscription's
 * status then comes from the provider, through the same sync as the webhooks, never written here.
 */
export async function retryInvoices(
  ctx: SubscriptionContext,
  input: { customerId: string; subscriptionId: string; invoiceId?: string | undefined },
): Promise<CustomerRetryResult> {
  const owned = await requireActionableSubscription(ctx.db, input.customerId, input.subscriptionId);
  let unpaid = await ctx.db
    .select()
    .from(nestInvoices)
    .where(and(eq(nestInvoices.subscriptionId, owned.subscription.id), eq(nestInvoices.status, 'open')))
    .orderBy(asc(nestInvoices.issuedAt));
  if (input.invoiceId) {
    unpaid = unpaid.filter((invoice) => invoice.id === input.invoiceId);
    if (unpaid.length === 0) throw notFound();
  }
  if (unpaid.length === 0) throw new AppError('no_unpaid_invoice', { status: 409 });

  let reason: string | null = null;
  for (const invoice of unpaid) {
    // The attempt count changes with every charge: a retried request repeats it, a new retry is new.
    const result = await ctx.provider.payNestInvoice(owned.accountId, invoice.providerInvoiceId, {
      idempotencyKey: `nest:customer-retry:${invoice.providerInvoiceId}:${invoice.attemptCount}`,
    });
    if (result.outcome === 'failed') {
      reason = result.failureCode ?? 'card_declined';
      break;
    }
  }
  await syncAfterAction(ctx, owned.accountId, owned.providerSubscriptionId);
  const left = await listSubscriptionInvoices(ctx.db, owned.subscription.id, 'unpaid');
  const subscription = (await listCustomerSubscriptions(ctx.db, input.customerId, ctx.checkInCounters)).find(
    (s) => s.id === owned.subscription.id,
  );
  if (!subscription) throw notFound();
  return {
    status: reason === null && left.length === 0 ? 'paid' : 'failed',
    reason,
    subscription,
    invoices: left,
  };
}
