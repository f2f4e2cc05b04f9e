import { example, exampleIds } from './example.js';
import {
  nestInvoicePageSchema,
  refundBodySchema,
  refundResultSchema,
  transactionPageSchema,
  transactionSchema,
} from './revenue-ledger.js';

const camille = { id: exampleIds.customer, name: 'Camille Martin', email: 'camille.martin@example.com' };
const coffeeClub = { id: exampleIds.offer, name: 'Coffee club' };

/** Camille's November renewal: 19.00 € less the platform's fee and the provider's. */
const transaction = example(transactionSchema, {
  id: exampleIds.payment,
  kind: 'payment',
  status: 'succeeded',
  amount_cents: 1900,
  fee_cents: 38,
  processing_fee_cents: 54,
  net_cents: 1808,
  currency: 'EUR',
  occurred_at: '2026-11-12T17:21:30Z',
  customer: camille,
  offer: coffeeClub,
  refundable_cents: 1900,
  payout_id: 'po_1QcLumiere20Nov26',
  reason: null,
});

export const transactionPage = example(transactionPageSchema, {
  transactions: [transaction.value],
  next_cursor: 'eyJhdCI6IjIwMjYtMTEtMTJUMTc6MjE6MzBaIn0',
});

export const refundBody = example(refundBodySchema, { amount_cents: 950, reason: 'requested_by_customer' });

export const refundResult = example(refundResultSchema, {
  refund_id: 're_3QdLumiere24Nov26',
  amount_cents: 950,
  currency: 'EUR',
  status: 'pending',
});

export const nestInvoicePage = example(nestInvoicePageSchema, {
  invoices: [
    {
      id: exampleIds.invoice,
      number: 'in_1QbCoffeeClub12Nov',
      status: 'paid',
      amount_due_cents: 1900,
      amount_paid_cents: 1900,
      currency: 'EUR',
      issued_at: '2026-11-12T16:20:05Z',
      paid_at: '2026-11-12T17:21:30Z',
      period_start: '2026-11-12T16:20:05Z',
      period_end: '2026-12-12T16:20:05Z',
      customer: camille,
      offer: coffeeClub,
    },
  ],
  next_cursor: null,
});
