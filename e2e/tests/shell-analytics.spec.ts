import { createServer, type IncomingMessage, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { request as apiRequest } from '@playwright/test';
import { axeViolationsInBothSchemes } from '../support/axe';
import { type ExtraServer, freePort, startExtraServer } from '../support/extra-server';
import { expect, test } from '../support/fixtures';
import { createLink, sellingMerchant } from '../support/links';

test('without an analytics key nothing is loaded and nothing is sent', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto('/links/Xk3q9Lm2');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Nest, home page' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(1_500);
  expect(requests.filter((url) => url.includes('/assets/posthog-') || /posthog\.com/.test(url))).toEqual([]);
});

interface CapturedEvent {
  event: string;
  properties: Record<string, unknown>;
}

/** Decodes a PostHog capture request: JSON, gzip (compression=gzip-js) or base64 form data. */
function decodeEvents(url: URL, body: Buffer): CapturedEvent[] {
  let text: string;
  if (url.searchParams.get('compression') === 'gzip-js' || (body[0] === 0x1f && body[1] === 0x8b)) {
    text = gunzipSync(body).toString('utf8');
  } else {
    text = body.toString('utf8');
    if (text.startsWith('data='))
      text = Buffer.from(decodeURIComponent(text.slice(5)), 'base64').toString('utf8');
  }
  const parsed = JSON.parse(text) as CapturedEvent | CapturedEvent[] | { batch: CapturedEvent[] };
  if (Array.isArray(parsed)) return parsed;
  if ('batch' in parsed) return parsed.batch;
  return [parsed];
}

test.describe('with an analytics key (a second server, with a local stand-in for PostHog)', () => {
  // PostHog drops events from browsers that look automated (HeadlessChrome, navigator.webdriver):
  // this browser passes for a visitor's Chrome, as in real use.
  test.use({
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });
      Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => undefined });
    });
  });

  let collector: Server;
  let app: ExtraServer;
  let collectorOrigin = '';
  const events: CapturedEvent[] = [];
  const paths: string[] = [];

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const collectorPort = await freePort();
    collector = createServer((request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const url = new URL(request.url ?? '/', `http://127.0.0.1:${collectorPort}`);
        paths.push(`${request.method} ${url.pathname}`);
        if (request.method === 'POST' && /^\/(e|i\/v0\/e|batch|capture)\/?$/.test(url.pathname)) {
          try {
            events.push(...decodeEvents(url, Buffer.concat(chunks)));
          } catch (error) {
            paths.push(`undecodable: ${String(error)}`);
          }
        }
        response.writeHead(200, {
          'content-type': 'application/json',
          'access-control-allow-origin': request.headers.origin ?? '*',
          'access-control-allow-credentials': 'true',
          // The fixtures send a per-test x-forwarded-for on every request, so the preflight
          // asks for it too: allow whatever the browser asks for, as PostHog does.
          'access-control-allow-headers': request.headers['access-control-request-headers'] ?? 'content-type',
        });
        response.end('{"status":1}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(collectorPort, '127.0.0.1', resolve));
    collectorOrigin = `http://127.0.0.1:${collectorPort}`;
    app = await startExtraServer({
      POSTHOG_KEY: 'phc_e2e_test',
      POSTHOG_HOST: `http://127.0.0.1:${collectorPort}`,
    });
  });

  test.afterAll(async () => {
    await app?.stop();
    await new Promise<void>((resolve) => (collector ? collector.close(() => resolve()) : resolve()));
  });

  test('posthog-js loads after the page, and a page view with the full path follows each route change', async ({
    page,
  }) => {
    const consoleErrors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    const scriptOrder: string[] = [];
    page.on('request', (request) => {
      const name = new URL(request.url()).pathname;
      if (name.endsWith('.js')) scriptOrder.push(name);
    });

    // A real link, seeded by a merchant in a separate request context (the visitor stays anonymous).
    const merchant = await apiRequest.newContext({ baseURL: app.baseURL });
    const { offer } = await sellingMerchant(merchant);
    const link = await createLink(merchant, offer.id);
    await merchant.dispose();
    const linkPath = `/links/${link.nest_link_id}`;

    const landing = await page.request.get(`${app.baseURL}${linkPath}`);
    const html = await landing.text();
    expect(html).toContain('phc_e2e_test');
    expect(html).not.toMatch(/posthog-[^"]*\.js/); // not preloaded: not on the critical path

    await page.goto(`${app.baseURL}${linkPath}?src=qr`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(offer.name);
    // Nothing is measured before the visitor accepts (ADR 170).
    const banner = page.getByRole('region', { name: 'Your choice about cookies' });
    await expect(banner).toBeVisible();
    expect(scriptOrder.filter((n) => n.startsWith('/assets/posthog-'))).toEqual([]);
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect(banner).toBeHidden();
    await expect
      .poll(() => events.filter((e) => e.event === '$pageview').map((e) => e.properties.$current_url), {
        timeout: 20_000,
      })
      .toContain(`${app.baseURL}${linkPath}?src=qr`);
    // posthog-js was requested after the page's own route chunk.
    const posthogAt = scriptOrder.findIndex((n) => n.startsWith('/assets/posthog-'));
    const routeAt = scriptOrder.findIndex((n) => n.startsWith('/assets/links-'));
    expect(posthogAt).toBeGreaterThan(routeAt);

    // A client-side route change sends another page view with the new path.
    await page.getByRole('link', { name: 'Legal', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Legal');
    await expect
      .poll(() => events.filter((e) => e.event === '$pageview').map((e) => e.properties.$current_url), {
        timeout: 20_000,
      })
      .toContain(`${app.baseURL}/legal`);

    const pageviews = events.filter((e) => e.event === '$pageview');
    // Anonymous visitors get no person profile (person_profiles: 'identified_only').
    expect(pageviews.every((e) => e.properties.$process_person_profile === false)).toBe(true);
    // No automatic capture: only our page views (and nothing like $autocapture or $pageleave).
    expect(events.filter((e) => !['$pageview', '$opt_in'].includes(e.event)).map((e) => e.event)).toEqual([]);
    // Nothing blocked by the CSP, nothing else went wrong.
    expect(consoleErrors).toEqual([]);

    // A sign-in link's token and email never leave for the analytics host, in any property of any event.
    await page.goto(`${app.baseURL}/client/login?token=tok_secret_e2e&email=ana.secret%40example.com`);
    await expect
      .poll(() => events.filter((e) => e.event === '$pageview').map((e) => e.properties.$current_url), {
        timeout: 20_000,
      })
      .toContainEqual(expect.stringMatching(/\/client\/login/));
    expect(JSON.stringify(events)).not.toMatch(/tok_secret_e2e|ana\.secret/);
  });

  test('refusing consent: no request to the analytics host, the choice is kept, and "Cookie settings" changes it', async ({
    page,
  }) => {
    const analyticsRequests: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (url.includes('/assets/posthog-') || url.startsWith(collectorOrigin)) analyticsRequests.push(url);
    });
    await page.goto(`${app.baseURL}/legal`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Legal');
    const banner = page.getByRole('region', { name: 'Your choice about cookies' });
    await expect(banner).toBeVisible();
    // The three answers look the same: no answer is easier to pick than another.
    const buttons = banner.getByRole('button');
    await expect(buttons).toHaveText(['Refuse', 'Accept', 'Choose']);
    const looks = await buttons.evaluateAll((elements) =>
      elements.map((element) => {
        const style = getComputedStyle(element);
        return [style.backgroundColor, style.color, style.fontWeight, style.fontSize, style.height].join(' ');
      }),
    );
    expect(new Set(looks).size).toBe(1);

    await banner.getByRole('button', { name: 'Refuse' }).click();
    await expect(banner).toBeHidden();
    const cookies = await page.context().cookies();
    const consent = cookies.find((cookie) => cookie.name === 'nest_consent');
    expect(consent?.value).toBe('analytics%3Ddenied');
    // Remembered for 6 months (182 days), give or take the test's own duration.
    const days = ((consent?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(181);
    expect(days).toBeLessThan(183);

    // Everything keeps working, and nothing is asked again or sent, page after page.
    await page.getByRole('link', { name: 'Terms of service' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of service');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of service');
    await expect(page.getByRole('button', { name: 'Cookie settings' })).toBeVisible();
    await expect(banner).toBeHidden();
    expect(analyticsRequests).toEqual([]);

    // "Cookie settings" reopens the choices per purpose; turning measurement on starts it.
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await expect(banner).toBeVisible();
    const measure = banner.getByRole('checkbox', { name: 'Audience measurement' });
    await expect(measure).not.toBeChecked();
    await expect(banner.getByRole('checkbox', { name: 'Necessary' })).toBeDisabled();
    await measure.check();
    await banner.getByRole('button', { name: 'Save my choices' }).click();
    await expect(banner).toBeHidden();
    await expect
      .poll(() => events.filter((e) => e.event === '$pageview').map((e) => e.properties.$current_url), {
        timeout: 20_000,
      })
      .toContain(`${app.baseURL}/legal/documents/merchants/terms`);
  });

  test('axe finds no violation with the banner open, and with its choices open, in light and dark', async ({
    page,
  }) => {
    const found: string[] = [];
    for (const path of ['/', '/legal']) {
      await page.context().clearCookies();
      await page.goto(`${app.baseURL}${path}`);
      const banner = page.getByRole('region', { name: 'Your choice about cookies' });
      await expect(banner).toBeVisible();
      found.push(...(await axeViolationsInBothSchemes(page, `${path}, banner`)));
      await banner.getByRole('button', { name: 'Choose' }).click();
      await expect(banner.getByRole('checkbox', { name: 'Audience measurement' })).toBeVisible();
      found.push(...(await axeViolationsInBothSchemes(page, `${path}, choices`)));
    }
    expect(found).toEqual([]);
  });

  test('the banner speaks French to a French visitor', async ({ page }) => {
    await page.context().addCookies([{ name: 'nest_locale', value: 'fr-FR', url: app.baseURL }]);
    await page.goto(`${app.baseURL}/legal`);
    const banner = page.getByRole('region', { name: 'Votre choix concernant les cookies' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button')).toHaveText(['Refuser', 'Accepter', 'Choisir']);
    await banner.getByRole('button', { name: 'Choisir' }).click();
    await expect(banner.getByRole('checkbox', { name: 'Mesure d’audience' })).not.toBeChecked();
    await banner.getByRole('button', { name: 'Enregistrer mes choix' }).click();
    await expect(banner).toBeHidden();
    const consent = (await page.context().cookies()).find((cookie) => cookie.name === 'nest_consent');
    expect(consent?.value).toBe('analytics%3Ddenied');
  });
});
