import { defaultLocale, type Locale } from '@nest/contracts';
import type { LegalDocumentPath } from './documents';
import type { RenderedLegalDocument } from './markdown/render-legal-markdown';

/**
 * Each document in each language is its own small chunk of ready HTML (the Markdown is turned into
 * HTML at build time by build/legal-markdown-plugin.ts): a visitor downloads only the one they read.
 */
const documentModules = import.meta.glob<RenderedLegalDocument>('./documents/**/*.md', { import: 'default' });

export interface LoadedLegalDocument extends RenderedLegalDocument {
  locale: Locale;
}

export async function loadLegalDocument(
  path: LegalDocumentPath,
  locale: Locale,
): Promise<LoadedLegalDocument> {
  const own = documentModules[`./documents/${locale}/${path}.md`];
  const load = own ?? documentModules[`./documents/${defaultLocale}/${path}.md`];
  if (!load) throw new Error(`No legal document at ${path}`);
  return { ...(await load()), locale: own ? locale : defaultLocale };
}
