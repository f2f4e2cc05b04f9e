import { createHash } from 'node:crypto';
import { type QrFormat, renderLinkQr } from './link-qr.js';

export interface LinkQrImage {
  body: Buffer | string;
  /** Strong: a hash of the bytes themselves. */
  etag: string;
}

export type QrRenderer = (url: string, format: QrFormat, width: number) => Promise<Buffer | string>;

/**
 * Drawing a 1024 px PNG costs 100–500 ms, and the image depends only on the link's address (its
 * public id never changes), the format and the width: each is drawn once and kept, the least
 * recently used dropped past `maxEntries`. The key is the address itself, so nothing can go stale.
 * Concurrent requests for one image share its drawing.
 */
export function createLinkQrCache({
  render = renderLinkQr,
  maxEntries = 256,
}: {
  render?: QrRenderer;
  maxEntries?: number;
} = {}) {
  const entries = new Map<string, Promise<LinkQrImage>>();

  async function draw(url: string, format: QrFormat, width: number): Promise<LinkQrImage> {
    const body = await render(url, format, width);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    return { body, etag };
  }

  return {
    get(url: string, format: QrFormat, width: number): Promise<LinkQrImage> {
      const key = `${format} ${width} ${url}`;
      const cached = entries.get(key);
      if (cached) {
        // Most recently used goes last; the first in the map is the next to go.
        entries.delete(key);
        entries.set(key, cached);
        return cached;
      }
      const drawing = draw(url, format, width);
      entries.set(key, drawing);
      drawing.catch(() => entries.delete(key));
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return drawing;
    },
    get size() {
      return entries.size;
    },
  };
}

/** Whether the client's If-None-Match names this ETag (a list, `*`, or weak forms compare too: RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
