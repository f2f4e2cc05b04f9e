import { describe, expect, it } from 'vitest';
import { findLegalDocument, legalDocuments, movedLegalDocument } from './documents';

describe('finding a legal document from the address', () => {
  it('finds each document by its nested path, with or without a trailing slash', () => {
    expect(findLegalDocument('merchants/terms')?.id).toBe('merchantTerms');
    expect(findLegalDocument('customers/terms-of-sale/')?.id).toBe('customerTermsOfSale');
    expect(findLegalDocument('/merchants//terms')?.id).toBe('merchantTerms');
    for (const document of legalDocuments) {
      expect(findLegalDocument(document.path)).toBe(document);
      expect(findLegalDocument(`${document.path}/`)).toBe(document);
    }
  });

  it('finds nothing for unknown, partial or deeper paths', () => {
    expect(findLegalDocument('refund-policy')).toBeUndefined();
    expect(findLegalDocument('merchants')).toBeUndefined();
    expect(findLegalDocument('merchants/terms/2019')).toBeUndefined();
    expect(findLegalDocument('terms')).toBeUndefined();
    expect(findLegalDocument('')).toBeUndefined();
    expect(findLegalDocument(undefined)).toBeUndefined();
  });

  it('sends the former terms-of-service address to the merchants’ terms, and nothing else moves', () => {
    expect(movedLegalDocument('terms-of-service')).toBe('merchants/terms');
    expect(movedLegalDocument('terms-of-service/')).toBe('merchants/terms');
    // Only the exact former address moves: a deeper one stays unknown (the not-found page).
    expect(movedLegalDocument('terms-of-service/old/2019')).toBeUndefined();
    expect(movedLegalDocument('privacy-policy')).toBeUndefined();
    expect(movedLegalDocument(undefined)).toBeUndefined();
  });

  it('groups the five documents by audience, each path unique', () => {
    expect(legalDocuments.map((d) => `${d.audience}:${d.path}`)).toEqual([
      'merchants:merchants/terms',
      'customers:customers/terms-of-sale',
      'everyone:privacy-policy',
      'everyone:cookie-policy',
      'everyone:legal-notice',
    ]);
  });
});
