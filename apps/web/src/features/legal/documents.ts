/**
 * The legal documents, by their path under /legal/documents/ (spec §2: the document part may span
 * several segments), grouped by whom they are for. Each is a Markdown file per language in
 * `documents/<locale>/<path>.md` (ADR 198); `id` names its title and summary in the translations.
 * No imports: the build's prerendering (build/prerender-pages.ts) reads this list too.
 */
export const legalDocuments = [
  { id: 'merchantTerms', path: 'merchants/terms', audience: 'merchants' },
  { id: 'customerTermsOfSale', path: 'customers/terms-of-sale', audience: 'customers' },
  { id: 'privacyPolicy', path: 'privacy-policy', audience: 'everyone' },
  { id: 'cookiePolicy', path: 'cookie-policy', audience: 'everyone' },
  { id: 'legalNotice', path: 'legal-notice', audience: 'everyone' },
] as const;

export type LegalDocument = (typeof legalDocuments)[number];
export type LegalDocumentId = LegalDocument['id'];
export type LegalDocumentPath = LegalDocument['path'];
export type LegalAudience = LegalDocument['audience'];

export const legalAudiences: readonly LegalAudience[] = ['merchants', 'customers', 'everyone'];

/**
 * Addresses documents had before they were grouped by audience. Emails already sent and pages
 * elsewhere link to them, so they redirect for good.
 */
export const formerDocumentPaths: Readonly<Record<string, LegalDocumentPath>> = {
  'terms-of-service': 'merchants/terms',
};

/** The document part of the address without empty segments: `merchants//terms/` is `merchants/terms`. */
function normalise(documentPath: string | undefined): string {
  return (documentPath ?? '').split('/').filter(Boolean).join('/');
}

/** The document at this address's document part, or undefined. */
export function findLegalDocument(documentPath: string | undefined): LegalDocument | undefined {
  const path = normalise(documentPath);
  return legalDocuments.find((document) => document.path === path);
}

/** Where a former address now lives, or undefined (only exact former paths move). */
export function movedLegalDocument(documentPath: string | undefined): LegalDocumentPath | undefined {
  return formerDocumentPaths[normalise(documentPath)];
}

export function legalDocumentById(id: LegalDocumentId): LegalDocument {
  return legalDocuments.find((document) => document.id === id) as LegalDocument;
}
