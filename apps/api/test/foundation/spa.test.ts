import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { writeWebDist } from './web-dist.js';

const INDEX = `<!doctype html>
<html lang="en-US">
  <head>
    <meta name="nest-config" content="{}" />
    <title>Nest</title>
    <script type="module" src="/assets/app-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** The runtime configuration the server wrote into index.html. */
function nestConfig(html: string): unknown {
  const content = html.match(/<meta name="nest-config" content="([^"]*)"/)?.[1];
  if (content === undefined) throw new Error('no nest-config meta tag');
  return JSON.parse(content.replaceAll('&lt;', '<').replaceAll('&quot;', '"').replaceAll('&amp;', '&'));
}

describe('serving the web app in production', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = writeWebDist({
      'index.html': INDEX,
      'assets/app-abc123.js': 'console.info("nest");',
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    t = await createTestApp({
      NODE_ENV: 'production',
      isProduction: true,
      ENABLE_TEST_ROUTES: false,
      WEB_DIST_DIR: dist,
      POSTHOG_KEY: 'phc_"quoted"<key>',
      API_BASE_URL: '',
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('console.info("nest");');
  });

  it('answers client routes with index.html, never cached, with the runtime config filled in', async () => {
    for (const url of [
      '/',
      '/admin/app/dashboard',
      '/links/abc123?ref=qr',
      '/legal/documents/terms/v2.pdf',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(res.body).toContain('<div id="root"></div>');
      expect(nestConfig(res.body)).toEqual({
        apiBaseUrl: '',
        posthogKey: 'phc_"quoted"<key>',
        posthogHost: 'https://eu.i.posthog.com',
        // Who operates the service, for the legal documents (ADR 198); unset values are null.
        operator: expect.objectContaining({ name: 'Nest', address: 'Paris, France', director: null }),
      });
      // The key cannot break out of the attribute.
      expect(res.body).not.toContain('<key>');
    }
  });

  it('serves /index.html itself with the runtime config too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(nestConfig(res.body)).toMatchObject({ posthogKey: 'phc_"quoted"<key>' });
  });

  it('serves other files of the build without long caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('keeps unknown /api paths as 404 problems', async () => {
    for (const url of ['/api/v1/nope', '/api/nope', '/api']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ code: 'route_not_found' });
    }
  });

  it('answers a missing asset with a 404, not with index.html', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/html/);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('does not answer a POST to a client route with the page', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/admin/login', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
