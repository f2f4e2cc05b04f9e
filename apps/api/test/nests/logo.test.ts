import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInMerchant, seedMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createNestFor } from './support.js';

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 120, b: 40, alpha: 1 } } });

/** CRC-32 of PNG chunks (node:zlib has crc32 only from Node 22). */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header announcing 30000×30000 pixels: a decompression bomb's first bytes. */
function pngBombHeader(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30_000, 0);
  ihdr.writeUInt32BE(30_000, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('the nest’s logo', () => {
  let t: TestApp;
  let merchant: SignedInMerchant;
  beforeAll(async () => {
    t = await createTestApp();
    merchant = await seedMerchant(t.app, { plan: 'starter' });
    await createNestFor(t.app, merchant);
  });
  afterAll(async () => t.close());

  const upload = (body: Buffer, contentType = 'image/png', who = merchant) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/logo',
      cookies: who.cookies,
      headers: { 'content-type': contentType },
      payload: body,
    });

  it('resizes a PNG to at most 256×256, keeps its shape, serves it as WebP with cache headers', async () => {
    const response = await upload(await image(1000, 500).png().toBuffer());
    expect(response.statusCode).toBe(200);
    const logoUrl: string = response.json().logo_url;
    expect(logoUrl).toMatch(/^\/api\/v1\/nests\/[0-9a-f-]{36}\/logo\?v=[\w-]+$/);

    const served = await t.app.inject({ method: 'GET', url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 128 });

    const bare = await t.app.inject({ method: 'GET', url: logoUrl.split('?')[0]! });
    expect(bare.headers['cache-control']).toBe('public, max-age=300');
    const etag = bare.headers.etag as string;
    const revalidated = await t.app.inject({
      method: 'GET',
      url: logoUrl.split('?')[0]!,
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('accepts JPEG and WebP whatever the declared type, and never enlarges a small image', async () => {
    const jpeg = await upload(await image(64, 80).jpeg().toBuffer(), 'application/octet-stream');
    expect(jpeg.statusCode).toBe(200);
    const webp = await upload(await image(120, 120).webp().toBuffer(), 'image/png');
    expect(webp.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: webp.json().logo_url });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 120, height: 120 });
    expect(webp.json().logo_url).not.toBe(jpeg.json().logo_url);
  });

  it.each([
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/gif'],
    [
      'an SVG claiming to be a PNG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/png',
    ],
    ['an HTML page named logo.png', Buffer.from('<html><script>alert(1)</script></html>'), 'image/png'],
    ['JSON', Buffer.from('{"logo":"x"}'), 'application/json'],
    ['an empty body', Buffer.alloc(0), 'image/png'],
  ])('refuses %s by its bytes with 415', async (_label, body, type) => {
    const response = await upload(body, type);
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('unsupported_image');
  });

  it('refuses a broken image and a decompression bomb with 422', async () => {
    const broken = Buffer.concat([
      (await image(50, 50).png().toBuffer()).subarray(0, 40),
      Buffer.alloc(200, 7),
    ]);
    const first = await upload(broken);
    expect(first.statusCode).toBe(422);
    expect(first.json().code).toBe('invalid_image');
    const bomb = await upload(pngBombHeader());
    expect(bomb.statusCode).toBe(422);
  });

  it('refuses a file over 2 MB with 413, saying the limit, in French too', async () => {
    const big = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(2 * 1024 * 1024),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/logo',
      cookies: merchant.cookies,
      headers: { 'content-type': 'image/png', 'accept-language': 'fr-FR' },
      payload: big,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'image_too_large',
      detail: 'L’image doit peser 2 MB au plus.',
    });
  });

  it('keeps the previous logo when an upload is refused, and removes it on request', async () => {
    const good = await upload(await image(300, 300).png().toBuffer());
    const url = good.json().logo_url;
    await upload(Buffer.from('not an image'));
    const nest = await t.app.inject({ method: 'GET', url: '/api/v1/nests/me', cookies: merchant.cookies });
    expect(nest.json().logo_url).toBe(url);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/nests/me/logo',
      cookies: merchant.cookies,
    });
    expect(removed.json().logo_url).toBeNull();
    const gone = await t.app.inject({ method: 'GET', url: url.split('?')[0] });
    expect(gone.statusCode).toBe(404);
  });

  it('needs the owner to upload; a merchant without a nest gets 409', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/logo',
      headers: { 'content-type': 'image/png' },
      payload: await image(10, 10).png().toBuffer(),
    });
    expect(anonymous.statusCode).toBe(401);
    const newcomer = await seedMerchant(t.app);
    const response = await upload(await image(10, 10).png().toBuffer(), 'image/png', newcomer);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('nest_required');
  });

  it('answers 404 for the logo of an unknown nest or a nest without a logo', async () => {
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/nests/${id}/logo` });
      expect(response.statusCode).toBe(404);
    }
  });
});
