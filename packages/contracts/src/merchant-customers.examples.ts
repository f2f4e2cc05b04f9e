import { example, exampleIds } from './example.js';
import {
  findMerchantCustomersBodySchema,
  merchantCancellationBodySchema,
  merchantCustomerDetailSchema,
  merchantCustomerPageSchema,
  merchantCustomerSubscriptionSchema,
  merchantPauseBodySchema,
  merchantSignInLinkSentSchema,
} from './merchant-customers.js';

const coffeeClub = { id: exampleIds.offer, name: 'Coffee club' };

export const findMerchantCustomersBody = example(findMerchantCustomersBodySchema, {
  query: 'martin',
  status: 'active',
  offer_id: exampleIds.offer,
  sort: 'last_check_in',
  direction: 'desc',
  limit: 50,
});

export const merchantCustomerPage = example(merchantCustomerPageSchema, {
  rows: [
    {
      subscription_id: exampleIds.subscription,
      customer: { id: exampleIds.customer, name: 'Camille Martin', email: 'camille.martin@example.com' },
      offer: coffeeClub,
      status: 'active',
      cancel_at_period_end: false,
      amount_cents: 1900,
      currency: 'EUR',
      interval: 'month',
      interval_count: 1,
      since: '2026-09-12T16:20:05Z',
      next_payment_at: '2026-12-12T16:20:05Z',
      pause: null,
      total_paid_cents: 5700,
      last_check_in_at: '2026-11-24T08:47:13Z',
      link_label: 'Counter',
    },
  ],
  next_cursor: null,
});

const subscription = example(merchantCustomerSubscriptionSchema, {
  id: exampleIds.subscription,
  offer: coffeeClub,
  status: 'active',
  amount_cents: 1900,
  currency: 'EUR',
  interval: 'month',
  interval_count: 1,
  started_at: '2026-09-12T16:20:05Z',
  current_period_end: '2026-12-12T16:20:05Z',
  cancel_at_period_end: false,
  pause: null,
  link_label: 'Counter',
  unused_cents: 1140,
});

export const merchantCustomerDetail = example(merchantCustomerDetailSchema, {
  id: exampleIds.customer,
  name: 'Camille Martin',
  email: 'camille.martin@example.com',
  subscriptions: [subscription.value],
  total_paid_cents: 5700,
  invoices: [
    {
      id: exampleIds.invoice,
      subscription_id: exampleIds.subscription,
      offer_name: 'Coffee club',
      status: 'paid',
      billing_reason: 'subscription_cycle',
      amount_due_cents: 1900,
      amount_paid_cents: 1900,
      currency: 'EUR',
      period_start: '2026-11-12T16:20:05Z',
      period_end: '2026-12-12T16:20:05Z',
      attempt_count: 1,
      last_failure_code: null,
      issued_at: '2026-11-12T16:20:05Z',
      paid_at: '2026-11-12T17:21:30Z',
    },
  ],
  check_ins: [
    {
      id: exampleIds.checkIn,
      subscription_id: exampleIds.subscription,
      result: 'eligible',
      reason: null,
      checked_at: '2026-11-24T08:47:13Z',
      undone_at: null,
    },
  ],
  rewards: [
    {
      id: exampleIds.reward,
      subscription_id: exampleIds.subscription,
      name: 'A pastry of your choice',
      kind: 'check_ins',
      milestone: 10,
      earned_at: '2026-10-29T08:12:40Z',
      redeemed_at: '2026-10-31T09:05:12Z',
    },
  ],
  history: [
    {
      id: '3b7f1d5a-9c2e-4a6b-8d0f-2e6a0c4b8d13',
      subscription_id: exampleIds.subscription,
      offer_name: 'Coffee club',
      kind: 'renewed',
      actor: 'provider',
      actor_merchant_id: null,
      occurred_at: '2026-11-12T17:21:30Z',
    },
  ],
  payments: [
    {
      id: exampleIds.payment,
      kind: 'payment',
      status: 'succeeded',
      subscription_id: exampleIds.subscription,
      offer_name: 'Coffee club',
      invoice_id: exampleIds.invoice,
      amount_cents: 1900,
      currency: 'EUR',
      refundable_cents: 1900,
      initiated_by: null,
      reason: null,
      occurred_at: '2026-11-12T17:21:30Z',
    },
  ],
  emails: [{ id: '8e2a6c0d-4f1b-4e5a-b9c3-7d1f5b9e3a24', kind: 'receipt', sent_at: '2026-11-12T17:21:42Z' }],
});

export const merchantSignInLinkSent = example(merchantSignInLinkSentSchema, {
  email: 'camille.martin@example.com',
  sent_at: '2026-11-24T09:30:02Z',
});

export const merchantCancellationBody = example(merchantCancellationBodySchema, {
  when: 'period_end',
  refund: 'none',
});

export const merchantPauseBody = example(merchantPauseBodySchema, { periods: 1 });
