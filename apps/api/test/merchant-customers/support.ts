import { expect } from 'vitest';
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
