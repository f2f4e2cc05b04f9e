import { rmSync } from 'node:fs';
import { SERVED_ANSWER_ELEMENT_ID } from '@nest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerEmail, signInCustomer, subscribedCustomer } from '../customers/support.js';
import { seedMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { writeWebDist } from './web-dist.js';

const INDEX = `<!doctype html>
<html lang="en-US">
  <head><meta name="nest-config" content="{}" /><title>Nest</title></head>
  <body><div id="root"></div></body>
</html>`;

/** The answer written into a page, as the web app reads it (lib/served-answer.ts). */
function servedAnswer(html: string): { path: string; body: unknown } | undefined {
  const match = html.match(
    new RegExp(
      `<script type="application/json" id="${SERVED_ANSWER_ELEMENT_ID}" data-path="([^"]+)">(.*?)</script>`,
    ),
  );
  return match ? { path: match[1]!, body: JSON.parse(match[2]!) } : undefined;
}

describe('a signed-in area’s page arrives with its guard’s first answer (ADR 206)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = writeWebDist({ 'index.html': INDEX });
    t = await createTestApp({ WEB_DIST_DIR: dist, API_BASE_URL: '' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = (url: string, cookies: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, cookies });

  it('writes the merchant’s own GET /users/me into /admin/app pages, script-safe and never cached', async () => {
    // A name that would close the element if it were written as it is.
    const merchant = await seedMerchant(t.app, { plan: 'pro', onboarded: true, name: 'Inès </script><b>' });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', cookies: merchant.cookies });
    expect(me.statusCode).toBe(200);

    const dashboard = await page('/admin/app/dashboard?month=2026-11', merchant.cookies);
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.headers['cache-control']).toBe('private, no-store');
    expect(dashboard.headers.vary).toContain('Cookie');
    expect(dashboard.body).not.toContain('</script><b>');
    expect(servedAnswer(dashboard.body)).toEqual({ path: '/api/v1/users/me', body: me.json() });
    expect(dashboard.body).toMatch(/<\/script>\n {2}<\/body>/);

    // Not into the customer area, whose guard asks another question; not for a HEAD.
    expect(servedAnswer((await page('/client/app/overview', merchant.cookies)).body)).toBeUndefined();
    const head = await page('/admin/app/dashboard', merchant.cookies, 'HEAD');
    expect(head.headers['cache-control']).toBe('no-cache');
    expect(servedAnswer(head.body)).toBeUndefined();
    // Not on the area's public pages.
    expect(servedAnswer((await page('/admin/login', merchant.cookies)).body)).toBeUndefined();
  });

  it('writes the customer’s own GET /nest-customers/me into /client/app pages', async () => {
    const email = customerEmail();
    await subscribedCustomer(t.app, email);
    const cookies = await signInCustomer(t.app, email);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/nest-customers/me', cookies });
    expect(me.statusCode).toBe(200);

    const overview = await page('/client/app/overview', cookies);
    expect(overview.headers['cache-control']).toBe('private, no-store');
    expect(servedAnswer(overview.body)).toEqual({ path: '/api/v1/nest-customers/me', body: me.json() });
    expect(servedAnswer((await page('/admin/app/dashboard', cookies)).body)).toBeUndefined();
  });

  it('writes nothing without a session, or with one the API refuses: the app asks as before', async () => {
    const anonymous = await page('/admin/app/dashboard');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(servedAnswer(anonymous.body)).toBeUndefined();

    const merchant = await seedMerchant(t.app, { plan: 'pro', onboarded: true });
    const forged = Object.fromEntries(Object.keys(merchant.cookies).map((name) => [name, 'forged']));
    const refused = await page('/admin/app/dashboard', forged);
    expect(refused.statusCode).toBe(200);
    expect(servedAnswer(refused.body)).toBeUndefined();
    expect(refused.body).toContain('<div id="root"></div>');
  });
});
