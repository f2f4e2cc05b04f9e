import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { SERVED_ANSWER_ELEMENT_ID, SERVED_QUERY_STATE_ELEMENT_ID } from '@nest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The web build's own server module and page template (written by `vite build`), built here beside a
// small index.html: the API paints with what the build ships.
import { buildServerModule } from '../../../web/build/page-renderer.js';
import { APP_PAGE_TEMPLATE, PRERENDERED_DIR, startAfterPaint } from '../../../web/build/prerender-pages.js';
import { customerEmail, signInCustomer, subscribedCustomer } from '../customers/support.js';
import { seedMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createNestFor } from '../nests/support.js';
import { merchantWithNest } from '../offers/support.js';
import { INDEX_WITH_ENTRY, writeWebDist } from './web-dist.js';

const INDEX = INDEX_WITH_ENTRY;

/** The dehydrated query cache a painted page carries, as the web app reads it (lib/served-query-state.ts). */
function servedState(
  html: string,
): { queries: { queryKey: unknown[]; state: { data: unknown } }[] } | undefined {
  const match = html.match(
    new RegExp(`<script type="application/json" id="${SERVED_QUERY_STATE_ELEMENT_ID}">(.*?)</script>`),
  );
  return match ? JSON.parse(match[1]!) : undefined;
}

const paintedRoot = (html: string) => html.match(/<div id="root" data-prerendered="([^"]+)">/)?.[1];

describe('the dashboard and the overview painted per request with their data (ADR 209)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = writeWebDist({ 'index.html': INDEX, 'assets/index-abc123.js': 'console.info("nest");' });
    // Built, never loaded here: the API loads it in its worker, and this process stays as the API's is.
    await buildServerModule(path.resolve(import.meta.dirname, '../../../web'), dist);
    mkdirSync(path.join(dist, PRERENDERED_DIR));
    writeFileSync(path.join(dist, PRERENDERED_DIR, APP_PAGE_TEMPLATE), startAfterPaint(INDEX));
    t = await createTestApp({ WEB_DIST_DIR: dist, API_BASE_URL: '' });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = (url: string, cookies: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, cookies, headers });

  it('paints the merchant’s dashboard with their figures and carries the data the app starts from', async () => {
    const merchant = await merchantWithNest(t.app, 'pro');
    const response = await page('/admin/app/dashboard', merchant.cookies);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-language']).toBe('en-US');
    expect(response.headers.vary).toContain('Cookie');
    const html = response.body;
    expect(paintedRoot(html)).toBe('en-US');
    expect(html).toContain('<h1');
    expect(html).toContain('Dashboard');
    expect(html).toContain('data-testid="month-revenue"');
    // The scripts come after the paint, and the guard's answer is there as before (ADR 206).
    expect(html).toContain('/start-after-paint.js');
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).toContain(`id="${SERVED_ANSWER_ELEMENT_ID}"`);
    // The queries the page read, answered: the same JSON the API gives the merchant.
    const state = servedState(html)!;
    const keys = state.queries.map((query) => JSON.stringify(query.queryKey));
    expect(keys).toContain(JSON.stringify(['users', 'me']));
    expect(keys.length).toBeGreaterThanOrEqual(6);
    const revenue = await t.app.inject({
      method: 'GET',
      url: '/api/v1/revenue/current',
      cookies: merchant.cookies,
    });
    expect(state.queries.map((query) => query.state.data)).toContainEqual(revenue.json());
  });

  it('paints in the visitor’s language, compressed when the browser takes it', async () => {
    const merchant = await merchantWithNest(t.app, 'pro');
    const french = await page('/admin/app/dashboard?lang=fr', merchant.cookies, { 'accept-encoding': 'br' });
    expect(french.headers['content-encoding']).toBe('br');
    expect(french.headers['content-language']).toBe('fr-FR');
    const html = brotliDecompressSync(french.rawPayload).toString('utf8');
    expect(paintedRoot(html)).toBe('fr-FR');
    expect(html).toContain('<html lang="fr-FR"');
    expect(html).toContain('Tableau de bord');
  });

  it('paints each merchant’s own page, even when their pages are painted at the same time', async () => {
    const merchants = await Promise.all(
      ['Boulangerie Alpha', 'Salle Beta', 'Barbier Gamma', 'Coach Delta'].map(async (name) => {
        const merchant = await seedMerchant(t.app, { plan: 'pro', name });
        await createNestFor(t.app, merchant);
        return { name, merchant };
      }),
    );
    const pages = await Promise.all(
      merchants.map(({ merchant }) => page('/admin/app/dashboard', merchant.cookies)),
    );
    pages.forEach((response, i) => {
      const state = servedState(response.body)!;
      const me = state.queries.find((query) => JSON.stringify(query.queryKey) === '["users","me"]')!;
      expect((me.state.data as { name: string }).name).toBe(merchants[i]!.name);
      for (const other of merchants) {
        if (other !== merchants[i]) expect(response.body).not.toContain(other.name);
      }
    });
  });

  it('paints the customer’s overview with the pass drawn', async () => {
    const email = customerEmail();
    await subscribedCustomer(t.app, email);
    const cookies = await signInCustomer(t.app, email);
    const response = await page('/client/app/overview', cookies);
    expect(paintedRoot(response.body)).toBe('en-US');
    const drawn = response.body.match(
      /<img src="data:image\/svg\+xml;charset=utf-8,[^"]+" data-qr-text="([^"]+)" alt="[^"]*QR/,
    );
    expect(drawn).not.toBeNull();
    const pass = servedState(response.body)!.queries.find((query) =>
      query.queryKey.join('/').endsWith('/pass'),
    );
    // The image says which token it draws, so the app adopts it without drawing it again (ADR 211).
    expect(drawn![1]).toBe((pass!.state.data as { token: string }).token);
  });

  it('leaves unpainted what the app would render otherwise: a redirect, other parameters, another page', async () => {
    // No plan yet: the guard sends the merchant to the pricing page; the app does that itself.
    const planless = await seedMerchant(t.app, {});
    const toPricing = await page('/admin/app/dashboard', planless.cookies);
    expect(paintedRoot(toPricing.body)).toBeUndefined();
    expect(toPricing.body).toContain(`id="${SERVED_ANSWER_ELEMENT_ID}"`);

    const merchant = await merchantWithNest(t.app, 'pro');
    // A parameter the page may read in its first render.
    expect(
      paintedRoot((await page('/admin/app/dashboard?checkout=done', merchant.cookies)).body),
    ).toBeUndefined();
    // A page not painted per request.
    expect(paintedRoot((await page('/admin/app/customers', merchant.cookies)).body)).toBeUndefined();
    // Without a session.
    expect(paintedRoot((await page('/admin/app/dashboard', {})).body)).toBeUndefined();
  });

  it('keeps the API’s own OpenAPI document whole: the module runs in a worker of its own', async () => {
    const merchant = await merchantWithNest(t.app, 'pro');
    expect(paintedRoot((await page('/admin/app/dashboard', merchant.cookies)).body)).toBe('en-US');
    const document = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(document.statusCode).toBe(200);
    expect(Object.keys(document.json().components.schemas).length).toBeGreaterThan(50);
  });

  it('never serves the server module itself: its address is an address of the app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/server/render-pages.server.js' });
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).not.toContain('renderAppPage');
  });
});
