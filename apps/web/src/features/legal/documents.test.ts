import { describe, expect, it } from 'vitest';
import { findLegalDocument } from './documents';

describe('finding a legal document from the address', () => {
  it('finds the four documents by slug, trailing slash or not', () => {
    for (const slug of ['terms-of-service', 'privacy-policy', 'legal-notice', 'cookie-policy']) {
      expect(findLegalDocument(slug)?.slug).toBe(slug);
      expect(findLegalDocument(`${slug}/`)?.slug).toBe(slug);
    }
  });

  it('finds nothing for unknown or deeper paths', () => {
    expect(findLegalDocument('refund-policy')).toBeUndefined();
    expect(findLegalDocument('terms-of-service/2019')).toBeUndefined();
    expect(findLegalDocument('')).toBeUndefined();
    expect(findLegalDocument(undefined)).toBeUndefined();
  });
});
