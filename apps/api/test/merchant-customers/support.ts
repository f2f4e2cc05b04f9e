import { randomUUID } from 'node:crypto';
import type { CreateOfferBody, MerchantCustomerDetail } from '@nest/contracts';
import { expect } from 'vitest';
import { nestTransactions } from '../../src/db/schema/index.js';
import { customerEmail } from '../customers/support.js';
import type { SignedInMerchant } from '../fixtures/merchants.js';
import type { TestApp } from '../helpers.js';
import { createLinkFor, payCheckout, sellingMerchant, startLinkCheckout } from '../links/support.js';
import { CARDS } from '../payments/support.js';

/**
 * The customers CSV export as records (the BOM, the header row and the final line ending left out;
 * fields split on commas: the tests' names and amounts hold none).
 */
export async function exportedRecords(t: TestApp, merchant: SignedInMerchant, query: string) {
  const csv = await t.app.inject({
    method: 'GET',
    url: `/api/v1/nests/me/nest-customers/export?${query}`,
    cookies: merchant.cookies,
  });
  expect(csv.statusCode, csv.body).toBe(200);
  return csv.body
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(','));
}

/** One ledger row of a subscription written straight to the table, as a provider event would; its id. */
export async function insertLedgerRow(
  t: TestApp,
  row: {
    nestId: string;
    subscriptionId: string;
    customerId?: string;
    kind: 'payment' | 'refund' | 'dispute';
    status: 'succeeded' | 'pending' | 'lost';
    amountCents: number;
  },
): Promise<string> {
  const providerId = `tx_${randomUUID()}`;
  const [inserted] = await t.db
    .insert(nestTransactions)
    .values({
      ...row,
      customerId: row.customerId ?? null,
      feeCents: 0,
      netCents: row.amountCents,
      currency: 'eur',
      provider: 'sandbox',
      providerObjectId: providerId,
      providerPaymentId: providerId,
      occurredAt: new Date(),
    })
    .returning({ id: nestTransactions.id });
  return inserted!.id;
}

/**
 * A customer who subscribed through a link and paid with `card` (the sandbox), at a new merchant
 * selling "Café illimité" at 29.00 € (or `offer`), with the ids the customers table gives.
 */
export async function checkoutSubscriber(
  t: TestApp,
  options: { emailTag: string; card?: string; offer?: Partial<CreateOfferBody> },
) {
  const merchant = await sellingMerchant(t.app, {
    offer: { name: 'Café illimité', amount_cents: 2900, ...options.offer },
  });
  const link = await createLinkFor(t.app, merchant, merchant.offer.id);
  const email = customerEmail(options.emailTag);
  const checkout = await startLinkCheckout(t.app, link.nest_link_id, { email, name: 'Léa' });
  await payCheckout(t.app, checkout.path, options.card ?? CARDS.ok);
  await t.app.jobs.drain();
  const found = await t.app.inject({
    method: 'POST',
    url: '/api/v1/nests/me/nest-customers/find',
    cookies: merchant.cookies,
    payload: { query: email },
  });
  const row = found.json().rows[0];
  return {
    merchant,
    email,
    customerId: row.customer.id as string,
    subscriptionId: row.subscription_id as string,
  };
}

/** The customer's detail as the merchant sees it (GET /nests/me/nest-customers/{customerId}). */
export async function customerDetail(t: TestApp, merchant: SignedInMerchant, customerId: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/nests/me/nest-customers/${customerId}`,
    cookies: merchant.cookies,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MerchantCustomerDetail;
}
