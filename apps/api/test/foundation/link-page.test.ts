import { rmSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { PublicLink } from '@nest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptSafeJson } from '../../src/plugins/spa.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createLinkFor, readPublicLink, sellingMerchant } from '../links/support.js';
import { writeWebDist } from './web-dist.js';

const INDEX = `<!doctype html>
<html lang="en-US">
  <head><meta name="nest-config" content="{}" /><title>Nest</title>
    <script type="module" src="/assets/index-abc123.js"></script></head>
  <body><div id="app-root"></div></body>
</html>`;
const LINKS = `<!doctype html>
<html lang="en-US">
  <head><meta name="nest-config" content="{}" /><title>Nest</title>
    <script type="module" crossorigin src="/assets/links-abc123.js"></script></head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const SCRIPT = `console.info(${JSON.stringify('nest '.repeat(500))});`;

/** The link data the server wrote into the page, or undefined. */
function servedLink(html: string): PublicLink | undefined {
  const json = html.match(/<script type="application\/json" id="nest-public-link">([^<]*)<\/script>/)?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as PublicLink);
}

describe('the public link page served with its data (ADR 077)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = writeWebDist({
      'index.html': INDEX,
      'links.html': LINKS,
      'assets/links-abc123.js': SCRIPT,
      'assets/links-abc123.js.gz': gzipSync(SCRIPT),
      'assets/links-abc123.js.br': brotliCompressSync(SCRIPT),
    });
    t = await createTestApp({ WEB_DIST_DIR: dist, API_BASE_URL: '' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const visitsOf = async (cookies: Record<string, string>, linkId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/links/${linkId}`, cookies })).json().visits;

  it('writes the same JSON as the public link API into links.html, and counts one visit per page view', async () => {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const res = await t.app.inject({ method: 'GET', url: `/links/${link.nest_link_id}?src=qr` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    // The CSP still forbids inline scripts: the data element is JSON, which browsers never execute.
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.body).toContain('/assets/links-abc123.js');
    expect(res.body).toContain('<meta name="nest-config" content="{&quot;apiBaseUrl&quot;:&quot;&quot;');
    expect(res.body).toContain(`<title>${merchant.offer.name} · Café Lumière · Nest</title>`);
    const served = servedLink(res.body);
    expect(served).toEqual(await readPublicLink(t.app, link.nest_link_id));
    // One page view and one API read: two visits, not three.
    expect(await visitsOf(merchant.cookies, link.id)).toBe(2);
  });

  it('writes the page in the visitor’s language: the locale cookie, then Accept-Language', async () => {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const url = `/links/${link.nest_link_id}`;
    const byHeader = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-language': 'fr-CA,fr;q=0.9' },
    });
    expect(byHeader.body).toContain('<html lang="fr-FR"');
    const byCookie = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-language': 'fr-FR' },
      cookies: { nest_locale: 'en-US' },
    });
    expect(byCookie.body).toContain('<html lang="en-US"');
  });

  it('keeps an offer’s words as text: nothing can close the data element or the title', async () => {
    const name = '</script><script>alert(1)</script> $& $1 <!--';
    const merchant = await sellingMerchant(t.app, {
      offer: { name, description: 'Line\u2028separator & “quotes” </SCRIPT >' },
    });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const res = await t.app.inject({ method: 'GET', url: `/links/${link.nest_link_id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body.match(/<script/gi)).toHaveLength(2); // the page's own module script and the data element
    expect(res.body).not.toMatch(/<\/script>\s*<script>alert/i);
    expect(res.body).toContain(
      '<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $1 &lt;!-- ·',
    );
    const served = servedLink(res.body);
    expect(served?.offer.name).toBe(name);
    expect(served?.offer.description).toBe('Line\u2028separator & “quotes” </SCRIPT >');
    expect(scriptSafeJson({ a: '</script>\u2028&' })).toBe('{"a":"\\u003c/script\\u003e\\u2028\\u0026"}');
  });

  it('sends an unknown, malformed or turned-off link to /links/404, counting nothing', async () => {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/links/${link.id}`,
      cookies: merchant.cookies,
      payload: { active: false },
    });
    for (const id of ['AAAAAAAAAAAA', 'Xk3q9Lm2', link.nest_link_id]) {
      const res = await t.app.inject({ method: 'GET', url: `/links/${id}` });
      expect(res.statusCode, id).toBe(302);
      expect(res.headers.location, id).toBe('/links/404');
    }
    expect(await visitsOf(merchant.cookies, link.id)).toBe(0);
  });

  it('leaves /links/404 and the app’s other pages to index.html, and never serves links.html by its name', async () => {
    for (const url of ['/links/404', '/links/404/', '/links', '/links/a/b', '/links.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="app-root"></div>');
    }
  });

  it('answers HEAD and a browser’s prefetch with the page but no data, counting no visit', async () => {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const url = `/links/${link.nest_link_id}`;
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    const prefetch = await t.app.inject({ method: 'GET', url, headers: { 'sec-purpose': 'prefetch' } });
    expect(prefetch.statusCode).toBe(200);
    expect(prefetch.body).toContain('/assets/links-abc123.js');
    expect(servedLink(prefetch.body)).toBeUndefined();
    expect(await visitsOf(merchant.cookies, link.id)).toBe(0);
  });

  it('sends the build’s compressed copies of an asset to a browser that accepts them (ADR 078)', async () => {
    const url = '/assets/links-abc123.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });
});
