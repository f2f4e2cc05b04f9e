import type Stripe from 'stripe';
import { AppError } from '../../lib/errors.js';
import type { NestSubscriptionActionsProvider } from '../nest-subscription-actions.js';
import { nextPeriodEnd } from '../sandbox/calendar.js';
import { applySetupCheckout, createSetupCheckout } from './card-update.js';
import { isMissing, toAppError } from './map-error.js';
import { PAUSE_ENDS_KEY, PAUSE_STARTS_KEY, toInvoice, toSubscription } from './map-objects.js';

/** resumes_at is this long before the boundary the pause ends at, so that renewal is collected. */
const RESUME_AHEAD_SECONDS = 60;

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

    async cancelNestSubscriptionNow(accountId, subscriptionId, { idempotencyKey }) {
      try {
        const ended = await stripe.subscriptions.cancel(
          subscriptionId,
          { expand: ['latest_invoice'] },
          { idempotencyKey, stripeAccount: accountId },
        );
        return toSubscription(ended);
      } catch (error) {
        if (isMissing(error)) throw new AppError('not_found');
        throw toAppError(error);
      }
    },

    async pauseNestSubscription(accountId, subscriptionId, periods, { idempotencyKey }) {
      try {
        const current = await stripe.subscriptions.retrieve(subscriptionId, {}, { stripeAccount: accountId });
        if (current.status === 'canceled') throw new AppError('conflict');
        const item = current.items.data[0];
        const recurring = item?.price.recurring;
        if (!item || !recurring || recurring.interval === 'day') throw new AppError('conflict');
        // The paused window runs over whole billing periods, counted as Stripe counts them (the
        // calendar is the pure one the sandbox bills with: month ends clamped, from the anchor).
        const startsAt = new Date(item.current_period_end * 1000);
        const anchor = new Date(current.billing_cycle_anchor * 1000);
        let endsAt = startsAt;
        for (let i = 0; i < periods; i++) {
          endsAt = nextPeriodEnd(
            anchor,
            endsAt,
            recurring.interval as 'week' | 'month' | 'year',
            recurring.interval_count,
          );
        }
        const updated = await stripe.subscriptions.update(
          subscriptionId,
          {
            pause_collection: {
              behavior: 'void',
              resumes_at: Math.floor(endsAt.getTime() / 1000) - RESUME_AHEAD_SECONDS,
            },
            metadata: { [PAUSE_STARTS_KEY]: startsAt.toISOString(), [PAUSE_ENDS_KEY]: endsAt.toISOString() },
            expand: ['latest_invoice'],
          },
          { idempotencyKey, stripeAccount: accountId },
        );
        return toSubscription(updated);
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (isMissing(error)) throw new AppError('not_found');
        throw toAppError(error);
      }
    },

    async resumeNestSubscription(accountId, subscriptionId, { idempotencyKey }) {
      try {
        // An empty value unsets pause_collection and the metadata keys.
        const updated = await stripe.subscriptions.update(
          subscriptionId,
          {
            pause_collection: '',
            metadata: { [PAUSE_STARTS_KEY]: '', [PAUSE_ENDS_KEY]: '' },
            expand: ['latest_invoice'],
          },
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
