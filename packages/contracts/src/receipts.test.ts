import { describe, expect, it } from 'vitest';
import { nestLegalBodySchema } from './nests.js';
import { receiptPaths } from './receipts.js';

describe('receipts', () => {
  it('a VAT number is kept without spaces, dots or dashes, in capitals; anything else is refused', () => {
    expect(nestLegalBodySchema.parse({ vat_number: ' fr 40.123-456 789 ' }).vat_number).toBe('FR40123456789');
    expect(nestLegalBodySchema.parse({ vat_number: '' }).vat_number).toBe('');
    expect(nestLegalBodySchema.parse({ vat_number: null }).vat_number).toBeNull();
    for (const bad of ['40123456789', 'F', 'FR 40 123 456 789 000 000', 'FR40123456789!', 'x'.repeat(41)]) {
      expect(nestLegalBodySchema.safeParse({ vat_number: bad }).success, bad).toBe(false);
    }
  });

  it('only the French VAT rates, or none', () => {
    for (const rate of [2000, 1000, 550, 210, null]) {
      expect(nestLegalBodySchema.safeParse({ vat_rate_bps: rate }).success, String(rate)).toBe(true);
    }
    for (const rate of [0, 1960, 20, '2000']) {
      expect(nestLegalBodySchema.safeParse({ vat_rate_bps: rate }).success, String(rate)).toBe(false);
    }
    expect(nestLegalBodySchema.safeParse({ siret: '123' }).success).toBe(false);
  });

  it('the paths of the PDFs escape what they are given', () => {
    expect(receiptPaths.plan('u1', 'i/2')).toBe('/api/v1/users/u1/plan/invoices/i%2F2/receipt');
    expect(receiptPaths.nest('me', 'i1')).toBe('/api/v1/nests/me/nest-invoices/i1/receipt');
    expect(receiptPaths.customer('i1')).toBe('/api/v1/nest-customers/me/invoices/i1/receipt');
  });
});
