import type { Locale, RetryInvoicesBody, RetryInvoicesResult } from '@nest/contracts';
import { AppError, notFound } from '../../lib/errors.js';
import { listUnpaidPlanInvoices, requireOwnPlanSubscription } from './find-plan-subscription.js';
import { getPlan } from './get-plan.js';
import { type PlanContext, syncAfterAction } from './plan-context.js';
import { planMetadata } from './plan-metadata.js';
import { type PlanInvoiceRow, type PlanSubscriptionRow, toPlanInvoice } from './plan-view.js';

type RetryOutcome =
  | { status: 'paid' | 'failed'; failureCode: string | null; subscription: PlanSubscriptionRow }
  | { status: 'action_required'; url: string; subscription: PlanSubscriptionRow };

/**
 * Pays the merchant's unpaid plan invoices, oldest first, with the saved card (stopping at the first
 * decline), or answers the provider's hosted page to pay with another card. Paid up, the plan is
 * active again and next_payment_at is in the future: the guard lets the merchant straight back in.
 * Answers the outcome with the invoices still unpaid and the plan as it is now.
 */
export async function retryPlanInvoices(
  ctx: PlanContext,
  input: {
    userId: string;
    subscriptionId: string;
    body: RetryInvoicesBody;
    locale: Locale;
    requestKey: string;
  },
): Promise<RetryInvoicesResult> {
  const outcome = await retry(ctx, input);
  const invoices = (await listUnpaidPlanInvoices(ctx.db, outcome.subscription)).map(toPlanInvoice);
  const planState = await getPlan(ctx.db, ctx.config, input.userId);
  return outcome.status === 'action_required'
    ? { status: outcome.status, failure_code: null, url: outcome.url, invoices, plan_state: planState }
    : { status: outcome.status, failure_code: outcome.failureCode, invoices, plan_state: planState };
}

async function retry(
  ctx: PlanContext,
  input: {
    userId: string;
    subscriptionId: string;
    body: RetryInvoicesBody;
    locale: Locale;
    requestKey: string;
  },
): Promise<RetryOutcome> {
  const owned = await requireOwnPlanSubscription(ctx.db, input.userId, input.subscriptionId);
  if (!owned.providerSubscriptionId || !owned.providerCustomerId) {
    throw new AppError('no_unpaid_invoice', { status: 409 });
  }
  // What the provider says now, not what the last webhook said.
  const subscription =
    (await syncAfterAction(ctx, owned.providerSubscriptionId, `retry:${input.requestKey}`)) ?? owned;
  let unpaid: PlanInvoiceRow[] = await listUnpaidPlanInvoices(ctx.db, subscription);
  if (input.body.invoice_id) {
    unpaid = unpaid.filter((invoice) => invoice.id === input.body.invoice_id);
    if (unpaid.length === 0) throw notFound();
  }
  if (unpaid.length === 0) throw new AppError('no_unpaid_invoice', { status: 409 });

  if (input.body.update_card) {
    const recoverUrl = `${ctx.config.publicUrl}/admin/onboarding/payment/recover`;
    const session = await ctx.provider.createCardUpdateSession(
      {
        customerId: owned.providerCustomerId,
        subscriptionId: owned.providerSubscriptionId,
        successUrl: `${recoverUrl}?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: recoverUrl,
        locale: input.locale,
        metadata: planMetadata(input.userId, 'plan_card_update'),
      },
      { idempotencyKey: `nest:plan-card-update:${subscription.id}:${input.requestKey}` },
    );
    return { status: 'action_required', url: session.url, subscription };
  }

  let failureCode: string | null = null;
  for (const invoice of unpaid) {
    const result = await ctx.provider.payInvoice(invoice.providerInvoiceId, {
      idempotencyKey: `nest:plan-retry:${invoice.providerInvoiceId}:${input.requestKey}`,
    });
    if (result.outcome === 'failed') {
      failureCode = result.failureCode ?? 'card_declined';
      break;
    }
  }
  const synced =
    (await syncAfterAction(ctx, owned.providerSubscriptionId, `retried:${input.requestKey}`)) ?? subscription;
  const left = await listUnpaidPlanInvoices(ctx.db, synced);
  return { status: left.length === 0 ? 'paid' : 'failed', failureCode, subscription: synced };
}
