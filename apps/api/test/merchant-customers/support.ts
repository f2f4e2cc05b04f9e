import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { nestTransactions } from '../../src/db/schema/index.js';
import type { SignedInMerchant } from '../fixtures/merchants.js';
import type { TestApp } from '../helpers.js';

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
