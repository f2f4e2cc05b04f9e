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

  it('needs the merchant’s session', async () => {
    const merchant = await sellingMerchant(t.app, { payouts: false });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/links/${link.id}/qr.png` });
    expect(response.statusCode).toBe(401);
  });
});
