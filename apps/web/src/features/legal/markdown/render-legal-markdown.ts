import { Marked, Renderer, type Tokens } from 'marked';

/**
 * Build time only (ADR 198): the Vite plugin (build/legal-markdown-plugin.ts) and the prerendering
 * (build/prerender-pages.ts) turn each legal Markdown file into HTML with this, so no Markdown parser
 * ships to visitors. The app imports the result, never this module.
 */

/** One entry of a document's table of contents: a second-level heading and its anchor. */
export interface LegalHeading {
  id: string;
  text: string;
}

export interface RenderedLegalDocument {
  /** The `updated:` date of the front matter, YYYY-MM-DD. */
  updatedAt: string;
  html: string;
  toc: LegalHeading[];
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;

/** An anchor from a heading's words: lower case, accents dropped, anything else a hyphen. */
export function headingId(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function frontMatter(source: string): { fields: Record<string, string>; body: string } {
  const match = source.match(FRONT_MATTER);
  if (!match) return { fields: {}, body: source };
  const fields: Record<string, string> = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const separator = line.indexOf(':');
    if (separator > 0) fields[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
  }
  return { fields, body: source.slice(match[0].length) };
}

/**
 * Front matter (`updated: YYYY-MM-DD`), then Markdown (GitHub's flavour: tables). Second- and
 * third-level headings get anchors; the second-level ones make the table of contents. Tables are
 * wrapped so they scroll sideways on a phone instead of widening the page.
 */
export function renderLegalMarkdown(source: string): RenderedLegalDocument {
  const { fields, body } = frontMatter(source);
  const updatedAt = fields.updated ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(updatedAt)) {
    throw new Error('A legal document needs `updated: YYYY-MM-DD` in its front matter');
  }
  const toc: LegalHeading[] = [];
  const used = new Set<string>();
  const uniqueId = (text: string) => {
    const base = headingId(text) || 'section';
    let id = base;
    for (let n = 2; used.has(id); n += 1) id = `${base}-${n}`;
    used.add(id);
    return id;
  };
  const marked = new Marked({ gfm: true, async: false }).use({
    renderer: {
      heading({ tokens, depth, text }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        if (depth < 2 || depth > 3) return `<h${depth}>${inner}</h${depth}>\n`;
        const id = uniqueId(text);
        if (depth === 2) toc.push({ id, text });
        return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
      },
      table(token: Tokens.Table) {
        return `<div class="legal-table">${Renderer.prototype.table.call(this, token)}</div>\n`;
      },
    },
  });
  const html = marked.parse(body) as string;
  return { updatedAt, html, toc };
}
