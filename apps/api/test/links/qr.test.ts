import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { createLinkFor, sellingMerchant } from './support.js';

/** Reads a QR code the way a phone camera would: pixels in, text out. */
async function decodeQr(image: Buffer): Promise<{ text: string; width: number } | null> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data), info.width, info.height);
  return found ? { text: found.data, width: info.width } : null;
}

describe('link QR codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('as PNG (at least 512 px) and as SVG, both decode to the link’s address', async () => {
    const merchant = await sellingMerchant(t.app, { payouts: false });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);

    const png = await t.app.inject({
      method: 'GET',
      url: `/api/v1/links/${link.id}/qr.png`,
      cookies: merchant.cookies,
    });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toContain(`nest-link-${link.nest_link_id}.png`);
    const fromPng = await decodeQr(png.rawPayload);
    expect(fromPng?.text).toBe(link.url);
    expect(fromPng!.width).toBeGreaterThanOrEqual(512);

    const svg = await t.app.inject({
      method: 'GET',
      url: `/api/v1/links/${link.id}/qr.svg`,
      cookies: merchant.cookies,
    });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain('<svg');
    const rendered = await sharp(Buffer.from(svg.body), { density: 300 })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
    expect((await decodeQr(rendered))?.text).toBe(link.url);
  });

  describe('cached with a strong ETag', () => {
    const getQr = (cookies: Record<string, string>, url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, cookies, headers });

    it('answers the same bytes and ETag again, and 304 without a body to If-None-Match', async () => {
      const merchant = await sellingMerchant(t.app, { payouts: false });
      const link = await createLinkFor(t.app, merchant, merchant.offer.id);
      const url = `/api/v1/links/${link.id}/qr.png`;
      const first = await getQr(merchant.cookies, url);
      const second = await getQr(merchant.cookies, url);
      expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(first.headers['cache-control']).toBe('private, max-age=3600');

      const revalidated = await getQr(merchant.cookies, url, {
        'if-none-match': first.headers.etag as string,
      });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.rawPayload).toHaveLength(0);
      expect(revalidated.headers.etag).toBe(first.headers.etag);
      const stale = await getQr(merchant.cookies, url, { 'if-none-match': '"something-else"' });
      expect(stale.statusCode).toBe(200);
    });

    it('draws another size as another image with another ETag, and refuses sizes out of range', async () => {
      const merchant = await sellingMerchant(t.app, { payouts: false });
      const link = await createLinkFor(t.app, merchant, merchant.offer.id);
      const big = await getQr(merchant.cookies, `/api/v1/links/${link.id}/qr.png`);
      const small = await getQr(merchant.cookies, `/api/v1/links/${link.id}/qr.png?size=256`);
      expect(small.statusCode).toBe(200);
      expect(small.headers.etag).not.toBe(big.headers.etag);
      const decoded = await decodeQr(small.rawPayload);
      expect(decoded).toEqual({ text: link.url, width: 256 });
      const notModified = await getQr(merchant.cookies, `/api/v1/links/${link.id}/qr.png?size=256`, {
        'if-none-match': big.headers.etag as string,
      });
      expect(notModified.statusCode).toBe(200);
      for (const size of ['255', '2049', 'big']) {
        const refused = await getQr(merchant.cookies, `/api/v1/links/${link.id}/qr.png?size=${size}`);
        expect(refused.statusCode).toBe(400);
        expect(refused.headers['content-type']).toContain('application/problem+json');
      }
    });

    it('is still a 404 for another merchant, even with the right ETag', async () => {
      const owner = await sellingMerchant(t.app, { payouts: false });
      const link = await createLinkFor(t.app, owner, owner.offer.id);
      const url = `/api/v1/links/${link.id}/qr.png`;
      const mine = await getQr(owner.cookies, url);
      const stranger = await sellingMerchant(t.app, { payouts: false });
      for (const headers of [{}, { 'if-none-match': mine.headers.etag as string }] as Record<
        string,
        string
      >[]) {
        const response = await getQr(stranger.cookies, url, headers);
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toContain('application/problem+json');
        expect(response.headers.etag).toBeUndefined();
      }
    });
  });

  it('needs the merchant’s session', async () => {
    const merchant = await sellingMerchant(t.app, { payouts: false });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/links/${link.id}/qr.png` });
    expect(response.statusCode).toBe(401);
  });
});
