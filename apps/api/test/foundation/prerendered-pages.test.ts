import { rmSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The web build's own prerendering (run by `vite build`), applied here to a small index.html: the
// pages this test reads are the ones the build writes, without building the whole app.
import { buildPageRenderer } from '../../../web/build/page-renderer.js';
import { prerender } from '../../../web/build/prerender-pages.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { INDEX_WITH_ENTRY, writeWebDist } from './web-dist.js';

const INDEX = INDEX_WITH_ENTRY;

const WEB = path.resolve(import.meta.dirname, '../../../web');
const PUBLIC_URL = 'https://nest.example.fr';

describe('the public pages prerendered per language (ADR 198)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = writeWebDist({ 'index.html': INDEX, 'assets/index-abc123.js': 'console.info("nest");' });
    await prerender(WEB, dist, await buildPageRenderer(WEB, dist));
    t = await createTestApp({
      WEB_DIST_DIR: dist,
      API_BASE_URL: '',
      publicUrl: PUBLIC_URL,
      PLATFORM_LEGAL_NAME: 'Nid SAS',
      PLATFORM_PUBLICATION_DIRECTOR: 'Jeanne <Martin>',
      PLATFORM_HOST_NAME: 'Scaleway SAS',
      PLATFORM_HOST_ADDRESS: '8 rue de la Ville l’Évêque, 75008 Paris',
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}, cookies: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers, cookies });

  it('answers / without JavaScript in French to Accept-Language: fr, with the hero, description and alternates', async () => {
    const res = await get('/', { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary)).toMatch(/Accept-Language/);
    expect(res.headers['content-language']).toBe('fr-FR');
    expect(res.body).toContain('<html lang="fr-FR"');
    expect(res.body).toContain('Transformez vos habitués en abonnés.');
    expect(res.body).toMatch(/<meta name="description" content="Vendez votre carte café[^"]+" \/>/);
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/?lang=fr" />`);
    expect(res.body).toContain(`<link rel="alternate" hreflang="en" href="${PUBLIC_URL}/?lang=en" />`);
    expect(res.body).toContain(`<link rel="alternate" hreflang="fr" href="${PUBLIC_URL}/?lang=fr" />`);
    expect(res.body).toContain(`<link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}/" />`);
    expect(res.body).toContain('<meta property="og:locale" content="fr_FR" />');
    expect(res.body).toContain('<meta name="twitter:card" content="summary" />');
    expect(res.body).not.toContain('{{');
    // The app still starts from the same page, with its runtime configuration.
    expect(res.body).toContain('/assets/index-abc123.js');
    expect(res.body).toContain('<meta name="nest-config" content="{&quot;apiBaseUrl&quot;');
  });

  it('paints the landing as the app renders it, its scripts asked for after that paint (ADR 203)', async () => {
    const res = await get('/?lang=fr');
    const root = res.body.slice(res.body.indexOf('<div id="root"'));
    expect(root).toMatch(/^<div id="root" data-prerendered="fr-FR"><a href="#main-content"/);
    expect(root).not.toContain('<noscript>');
    expect(root.match(/<h1 /g)).toHaveLength(1);
    expect(root).toContain('Transformez vos habitués en abonnés.</h1>');
    expect(root).toContain('href="/admin/signup"');
    expect(root).toMatch(
      // Attribute names are case-insensitive in HTML: Preact writes `srcset`, React wrote `srcSet`.
      /<picture><source type="image\/avif" srcset="\/assets\/dashboard-fr-640-[\w-]+\.avif 640w/i,
    );
    // No module script in the head: the small starter adds the app's entry once the page is painted.
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).toContain(
      '<script src="/start-after-paint.js" data-app="/assets/index-abc123.js" data-preload="" async></script>',
    );
    // The legal pages still keep their words for crawlers in <noscript>.
    expect((await get('/legal?lang=fr')).body).toContain('<div id="root"><noscript>');
  });

  it('paints both login pages as the app renders them, in the visitor’s language (ADR 205)', async () => {
    const merchant = await get('/admin/login', { 'accept-language': 'fr' });
    expect(merchant.statusCode).toBe(200);
    expect(merchant.headers['content-language']).toBe('fr-FR');
    expect(merchant.body).toContain('<title>Connexion · Nest</title>');
    const root = merchant.body.slice(merchant.body.indexOf('<div id="root"'));
    expect(root).toMatch(/^<div id="root" data-prerendered="fr-FR"><a href="#main-content"/);
    expect(root).toContain('data-layout="admin-centered"');
    // The form is there before any script, and sent before the app adopts it, it posts: the password
    // never goes into the address.
    expect(root).toMatch(/<form method="post" novalidate aria-label="[^"]+"/);
    expect(root).toContain('type="password"');
    expect(merchant.body).toContain('<script src="/start-after-paint.js" data-app="/assets/index-abc123.js"');

    const customer = await get('/client/login?lang=en');
    expect(customer.body).toContain('<div id="root" data-prerendered="en-US">');
    expect(customer.body).toContain('data-layout="client-centered"');
    expect(customer.body).toContain('No password needed: enter the email you subscribed with');
    // Not pages for a search engine: out of the sitemap.
    expect((await get('/sitemap.xml')).body).not.toContain('/login');
  });

  it('sends the pages compressed to a browser that accepts it', async () => {
    const plain = await get('/?lang=en');
    const br = await get('/?lang=en', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 4);
    const gzip = await get('/?lang=en', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('follows the locale cookie before Accept-Language, and ?lang= before both', async () => {
    const byCookie = await get('/', { 'accept-language': 'en-US' }, { nest_locale: 'fr-FR' });
    expect(byCookie.body).toContain('<html lang="fr-FR"');
    expect(byCookie.body).toContain('Transformez vos habitués en abonnés.');

    const english = await get('/', {}, {});
    expect(english.body).toContain('<html lang="en-US"');
    expect(english.body).toContain('Turn your regulars into subscribers.');
    expect(english.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/?lang=en" />`);

    const asked = await get('/?lang=en', { 'accept-language': 'fr' }, { nest_locale: 'fr-FR' });
    expect(asked.body).toContain('Turn your regulars into subscribers.');
  });

  it('serves /legal and each document with its full text, table of contents and date', async () => {
    const index = await get('/legal/', { 'accept-language': 'fr' });
    expect(index.body).toContain('<title>Informations légales · Nest</title>');
    expect(index.body).toContain('href="/legal/documents/customers/terms-of-sale"');

    const sale = await get('/legal/documents/customers/terms-of-sale');
    expect(sale.statusCode).toBe(200);
    expect(sale.body).toContain('<title>Terms of sale · Nest</title>');
    expect(sale.body).toContain('<h2 id="cancelling-in-three-clicks">Cancelling in three clicks</h2>');
    expect(sale.body).toContain('href="#your-right-of-withdrawal"');
    expect(sale.body).toContain('Last updated November 24, 2026');
    expect(sale.body).toContain('you have <strong>14 days</strong>');
    expect(sale.body).toContain('<meta property="og:type" content="article" />');

    const privacy = await get('/legal/documents/privacy-policy', {}, { nest_locale: 'fr-FR' });
    expect(privacy.body).toContain('Code de commerce, art. L123-22');
    expect(privacy.body).toContain('Mis à jour le 24 novembre 2026');
  });

  it('writes the operator’s identity from the configuration into the legal notice, escaped', async () => {
    const notice = await get('/legal/documents/legal-notice');
    expect(notice.body).toContain('<strong>Company:</strong> Nid SAS');
    expect(notice.body).toContain('<strong>Director of publication:</strong> Jeanne &lt;Martin&gt;');
    expect(notice.body).toContain('<strong>Host:</strong> Scaleway SAS');
    // What the operator did not set reads as a dash, never as a placeholder.
    expect(notice.body).toContain('<strong>Telephone:</strong> —');
    expect(notice.body).not.toContain('{{operator.');
  });

  it('redirects a former legal address for good, and leaves other addresses to the app', async () => {
    const moved = await get('/legal/documents/terms-of-service?from=email');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/legal/documents/merchants/terms?from=email');

    const unknown = await get('/legal/documents/refund-policy');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('<div id="root"></div>');
    expect(unknown.body).toContain('<title>Nest</title>');
    // The templates themselves are not files anyone can fetch.
    const raw = await get('/prerendered/en-US/index.html');
    expect(raw.body).not.toContain('{{publicUrl}}');
  });

  it('serves a sitemap of every page in both languages and a robots.txt that keeps crawlers out of the app areas', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    for (const pathname of [
      '/',
      '/legal',
      '/legal/documents/merchants/terms',
      '/legal/documents/customers/terms-of-sale',
      '/legal/documents/privacy-policy',
      '/legal/documents/cookie-policy',
      '/legal/documents/legal-notice',
    ]) {
      expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}${pathname}?lang=en</loc>`);
      expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}${pathname}?lang=fr</loc>`);
    }
    expect(sitemap.body).toContain(`hreflang="x-default" href="${PUBLIC_URL}/legal"`);

    const robots = await get('/robots.txt');
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('Disallow: /admin/app\nDisallow: /client/app\nDisallow: /api\n');
    expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});
