import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { legalDocuments } from '../documents';
import { fillOperator } from '../fill-operator';
import { headingId, renderLegalMarkdown } from './render-legal-markdown';

const source = (locale: string, path: string) =>
  readFileSync(fileURLToPath(new URL(`../documents/${locale}/${path}.md`, import.meta.url)), 'utf8');

/** The operator's fields the API sends (apps/api/src/plugins/prerendered-pages.ts). */
const OPERATOR_FIELDS = [
  'name',
  'address',
  'companyId',
  'vatNumber',
  'email',
  'phone',
  'director',
  'hostName',
  'hostAddress',
  'hostPhone',
  'emailProvider',
];

describe('legal Markdown turned into HTML', () => {
  it('makes the table of contents from the second-level headings, with anchors', () => {
    const doc = renderLegalMarkdown(
      '---\nupdated: 2026-11-24\n---\n\nIntro.\n\n## Who sells to you\n\nText.\n\n### A detail\n\n## Votre droit de rétractation\n\n## Who sells to you\n',
    );
    expect(doc.updatedAt).toBe('2026-11-24');
    expect(doc.toc).toEqual([
      { id: 'who-sells-to-you', text: 'Who sells to you' },
      { id: 'votre-droit-de-retractation', text: 'Votre droit de rétractation' },
      { id: 'who-sells-to-you-2', text: 'Who sells to you' },
    ]);
    expect(doc.html).toContain('<h2 id="who-sells-to-you">Who sells to you</h2>');
    expect(doc.html).toContain('<h3 id="a-detail">A detail</h3>');
    expect(doc.html).not.toContain('updated:');
  });

  it('wraps tables so they scroll on a phone', () => {
    const doc = renderLegalMarkdown(
      '---\nupdated: 2026-01-01\n---\n\n| Cookie | Lifetime |\n| --- | --- |\n| `nest_locale` | 365 days |\n',
    );
    expect(doc.html).toMatch(/^<div class="legal-table"><table>/);
    expect(doc.html).toContain('<code>nest_locale</code>');
  });

  it('refuses a document without its date', () => {
    expect(() => renderLegalMarkdown('## Title\n')).toThrow(/updated/);
  });

  it('turns headings into anchors without accents or punctuation', () => {
    expect(headingId('Merchants’ pages')).toBe('merchants-pages');
    expect(headingId('Éditeur')).toBe('editeur');
    expect(headingId('Cancelling in three clicks')).toBe('cancelling-in-three-clicks');
  });

  it('fills the operator’s identity, escaped, and a dash for what is not set', () => {
    const html = fillOperator('<p>{{operator.name}}, {{operator.hostName}}</p>', { name: 'Nest <SAS>' });
    expect(html).toBe('<p>Nest &lt;SAS&gt;, —</p>');
  });
});

describe('the five documents', () => {
  for (const document of legalDocuments) {
    it(`${document.path} exists in English and French, dated, with the same sections and internal links that resolve`, () => {
      const english = renderLegalMarkdown(source('en-US', document.path));
      const french = renderLegalMarkdown(source('fr-FR', document.path));
      expect(english.toc.length).toBeGreaterThanOrEqual(4);
      expect(french.toc.length).toBe(english.toc.length);
      expect(french.updatedAt).toBe(english.updatedAt);
      for (const doc of [english, french]) {
        for (const [, field] of doc.html.matchAll(/\{\{operator\.(\w+)\}\}/g)) {
          expect(OPERATOR_FIELDS).toContain(field);
        }
        for (const [, href] of doc.html.matchAll(/href="(\/legal\/documents\/[^"#]+)/g)) {
          expect(legalDocuments.map((d) => `/legal/documents/${d.path}`)).toContain(href);
        }
        for (const [, anchor] of doc.html.matchAll(/href="#([^"]+)"/g)) {
          expect(doc.html).toContain(`id="${anchor}"`);
        }
      }
    });
  }

  it('the legal notice names the publisher, the director of publication and the host from configuration', () => {
    const notice = source('en-US', 'legal-notice');
    for (const field of ['name', 'address', 'director', 'hostName', 'hostAddress']) {
      expect(notice).toContain(`{{operator.${field}}}`);
    }
  });
});
