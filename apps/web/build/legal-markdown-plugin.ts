import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { renderLegalMarkdown } from '../src/features/legal/markdown/render-legal-markdown';

const LEGAL_MARKDOWN = /[\\/]features[\\/]legal[\\/]documents[\\/].+\.md$/;

/**
 * Imports of the legal documents' Markdown (`features/legal/documents/<locale>/<path>.md`) become a
 * module of ready HTML, its table of contents and its date (ADR 198): the parser runs here, at
 * build time and in the dev server, and never ships to visitors.
 */
export function legalMarkdown(): Plugin {
  return {
    name: 'nest-legal-markdown',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0] ?? id;
      if (!LEGAL_MARKDOWN.test(file)) return null;
      this.addWatchFile(file);
      return `export default ${JSON.stringify(renderLegalMarkdown(readFileSync(file, 'utf8')))};`;
    },
  };
}
