import type { PublicLink } from '@nest/contracts';

/** The id of the `<script type="application/json">` the server writes the link's data into (ADR 077). */
export const SERVED_LINK_ELEMENT_ID = 'nest-public-link';

/** The link id of a /links/:nestLinkId address ('' when the address has none or cannot be decoded). */
export function nestLinkIdOf(pathname: string): string {
  const segment = pathname.match(/^\/links\/([^/]+)\/?$/)?.[1] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

/**
 * The public link the server read for this page (the same JSON as GET /api/v1/public/links/{id}),
 * so the offer paints without waiting for an API round trip. Undefined when absent (the Vite dev
 * server's page), unreadable, or about another link: the page then asks the API.
 */
export function readServedLink(nestLinkId: string, doc: Document = document): PublicLink | undefined {
  const text = doc.getElementById(SERVED_LINK_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data: unknown = JSON.parse(text);
    if (data && typeof data === 'object' && (data as PublicLink).nest_link_id === nestLinkId) {
      return data as PublicLink;
    }
  } catch {
    console.warn('Ignoring an unreadable link payload in the page.');
  }
  return undefined;
}
