import type Stripe from 'stripe';
import { AppError } from '../../lib/errors.js';
import type { NestSubscriptionActionsProvider } from '../nest-subscription-actions.js';
import { applySetupCheckout, createSetupCheckout } from './card-update.js';
import { isMissing, toAppError } from './map-error.js';
import { toInvoice, toSubscription } from './map-objects.js';

const INVOICE_EXPAND = ['payments.data.payment.payment_intent'];

/**
 * Customers' subscription actions on the merchant's connected account (Stripe-Account header). The
 * customer subscriptions have no schedules (offers never change a running subscription's price), so
 * cancel_at_period_end is set directly.
 */
export function stripeNestSubscriptionActions(stripe: Stripe): NestSubscriptionActionsProvider {
  return {
    async setNestCancelAtPeriodEnd(accountId, subscriptionId, cancel, { idempotencyKey }) {
      try {
        const updated = await stripe.subscriptions.update(
          subscriptionId,
          { cancel_at_period_end: cancel, expand: ['latest_invoice'] },
          { idempotencyKey, stripeAccount: accountId },
        );
        return toSubscription(updated);
      } catch (error) {
        if (isMissing(error)) throw new AppError('not_found');
        throw toAppError(error);
      }
    },

    async payNestInvoice(accountId, invoiceId, { idempotencyKey }) {
      try {
        const invoice = await stripe.invoices.pay(
          invoiceId,
          { expand: INVOICE_EXPAND },
          { idempotencyKey, stripeAccount: accountId },
        );
        return { outcome: 'paid', failureCode: null, invoice: toInvoice(invoice) };
      } catch (error) {
        const e = error as { type?: string; decline_code?: string; code?: string };
        if (isMissing(error)) throw new AppError('not_found');
        if (e.type !== 'StripeCardError') throw toAppError(error);
        const invoice = await stripe.invoices.retrieve(
          invoiceId,
          { expand: INVOICE_EXPAND },
          { stripeAccount: accountId },
        );
        return {
          outcome: 'failed',
          failureCode: e.decline_code ?? e.code ?? 'card_declined',
          invoice: toInvoice(invoice),
        };
      }
    },

    createNestCardUpdateSession: (accountId, input, { idempotencyKey }) =>
      createSetupCheckout(stripe, input, { idempotencyKey, stripeAccount: accountId }),

    completeNestCardUpdate: (accountId, sessionId, { idempotencyKey }) =>
      applySetupCheckout(stripe, sessionId, { idempotencyKey, stripeAccount: accountId }),
  };
}
