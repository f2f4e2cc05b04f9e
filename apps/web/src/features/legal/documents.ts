/** The legal documents, by the slug used in /legal/documents/{document}, with their last revision. */
export const legalDocuments = [
  { slug: 'terms-of-service', updatedAt: '2026-11-22' },
  { slug: 'privacy-policy', updatedAt: '2026-11-24' },
  { slug: 'legal-notice', updatedAt: '2026-11-22' },
  { slug: 'cookie-policy', updatedAt: '2026-11-24' },
] as const;

export type LegalDocumentSlug = (typeof legalDocuments)[number]['slug'];
export type LegalDocument = (typeof legalDocuments)[number];

/**
 * Finds a document from the address's document part, which may span several segments (spec §2):
 * `terms-of-service` and `terms-of-service/` resolve, unknown paths do not.
 */
export function findLegalDocument(documentPath: string | undefined): LegalDocument | undefined {
  const slug = (documentPath ?? '').split('/').filter(Boolean).join('/');
  return legalDocuments.find((document) => document.slug === slug);
}
