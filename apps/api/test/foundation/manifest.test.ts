import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

/** The web app's own public folder: what the build copies next to index.html. */
const PUBLIC = path.resolve(import.meta.dirname, '../../../web/public');

describe('the installable web app (manifest and icons, ADR 084)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'nest-dist-'));
    cpSync(PUBLIC, dist, { recursive: true });
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><meta name="nest-config" content="{}" /><link rel="manifest" href="/manifest.webmanifest" /></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({
      NODE_ENV: 'production',
      isProduction: true,
      ENABLE_TEST_ROUTES: false,
      WEB_DIST_DIR: dist,
      API_BASE_URL: '',
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the manifest as application/manifest+json, starting at the customer overview', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = res.json();
    expect(manifest).toMatchObject({
      start_url: '/client/app/overview',
      display: 'standalone',
      theme_color: '#0f766e',
    });
    const sizes = manifest.icons.map(
      (icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`,
    );
    expect(sizes).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons as { src: string }[]) {
      const png = await t.app.inject({ method: 'GET', url: icon.src });
      expect(png.statusCode, icon.src).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
    }
    const apple = await t.app.inject({ method: 'GET', url: '/icons/apple-touch-icon.png' });
    expect(apple.headers['content-type']).toBe('image/png');
  });

  it('lets the page load the manifest and its icons from its own origin (CSP)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/client/app/overview' });
    const csp = String(res.headers['content-security-policy']);
    // No manifest-src: it falls back to default-src, our own origin.
    expect(csp).not.toContain('manifest-src');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/img-src 'self'/);
  });
});
