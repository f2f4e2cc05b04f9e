import { example, exampleIds } from './example.js';
import { nest } from './nests.examples.js';
import { offer } from './offers.examples.js';
import {
  customerInvoiceListSchema,
  customerInvoiceSchema,
  customerPauseBodySchema,
  customerRetryBodySchema,
  customerRetryResultSchema,
  customerSubscriptionSchema,
} from './subscriptions.js';

/** Camille Martin's Coffee club subscription, as her customer area shows it. */
export const customerSubscription = example(customerSubscriptionSchema, {
  id: exampleIds.subscription,
  nest: { id: exampleIds.nest, name: nest.value.name, logo_url: nest.value.logo_url },
  offer: { name: offer.value.name, grants: offer.value.grants },
  status: 'active',
  current_period_end: '2026-12-12T16:20:05Z',
  next_payment_at: '2026-12-12T16:20:05Z',
  amount_cents: 1900,
  currency: 'EUR',
  interval: 'month',
  interval_count: 1,
  cancel_at_period_end: false,
  pause: null,
  pause_max_periods: 2,
  usage: { allowance: { uses: 1, per: 'day' }, used: 1, left: 0 },
  reward: {
    rule: { kind: 'check_ins', every: 10, reward_name: 'A pastry of your choice' },
    progress: 7,
    target: 10,
  },
  unpaid_amount_cents: 0,
  rewards: [
    {
      id: exampleIds.reward,
      reward_name: 'A pastry of your choice',
      earned_at: '2026-10-29T08:12:40Z',
      redeemed_at: '2026-10-31T09:05:12Z',
    },
  ],
});

export const customerPauseBody = example(customerPauseBodySchema, { periods: 1 });

const customerInvoice = example(customerInvoiceSchema, {
  id: exampleIds.invoice,
  status: 'paid',
  amount_due_cents: 1900,
  amount_paid_cents: 1900,
  currency: 'EUR',
  period_start: '2026-11-12T16:20:05Z',
  period_end: '2026-12-12T16:20:05Z',
  attempt_count: 1,
  next_payment_attempt_at: null,
  last_failure_code: null,
  paid_at: '2026-11-12T17:21:30Z',
  issued_at: '2026-11-12T16:20:05Z',
});

export const customerInvoiceList = example(customerInvoiceListSchema, { invoices: [customerInvoice.value] });

export const customerRetryBody = example(customerRetryBodySchema, { invoice_id: exampleIds.invoice });

export const customerRetryResult = example(customerRetryResultSchema, {
  status: 'paid',
  reason: null,
  subscription: customerSubscription.value,
  invoices: [customerInvoice.value],
});
