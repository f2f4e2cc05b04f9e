import { escapeHtml } from '@nest/contracts';

/** `{{operator.name}}`…: who operates this Nest, written into the legal documents (ADR 198). */
const PLACEHOLDER = /\{\{operator\.(\w+)\}\}/g;

/**
 * Fills a document's placeholders from the runtime configuration; a value the operator did not set
 * reads as a dash. The API does the same to the prerendered pages (apps/api/src/plugins/prerendered-pages.ts).
 */
export function fillOperator(html: string, operator: Readonly<Record<string, string>>): string {
  return html.replace(PLACEHOLDER, (_, key: string) => escapeHtml(operator[key] ?? '—'));
}
