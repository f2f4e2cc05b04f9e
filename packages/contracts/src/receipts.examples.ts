import { example, exampleIds } from './example.js';
import { customerReceiptListSchema, receiptPaths } from './receipts.js';

export const customerReceiptList = example(customerReceiptListSchema, {
  receipts: [
    {
      invoice_id: exampleIds.invoice,
      number: 'LUM-2026-000318',
      nest_name: 'Café Lumière',
      offer_name: 'Coffee club',
      amount_cents: 1900,
      currency: 'EUR',
      paid_at: '2026-11-12T17:21:30Z',
      period_start: '2026-11-12T16:20:05Z',
      period_end: '2026-12-12T16:20:05Z',
      download_url: receiptPaths.customer(exampleIds.invoice),
    },
  ],
});
