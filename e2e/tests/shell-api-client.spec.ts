import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { serveWebModule } from '../support/web-module';

const unavailable = {
  status: 503,
  contentType: 'application/problem+json',
  body: JSON.stringify({
    type: 'about:blank',
    title: 'Service Unavailable',
    status: 503,
    detail: 'Try again in a moment.',
    code: 'service_unavailable',
  }),
};

const planList = {
  plans: [
    {
      id: 'starter',
      price_cents: 1900,
      currency: 'eur',
      interval: 'month',
      support: 'basic',
      revenue_limit_cents: 250000,
      features: [],
    },
    {
      id: 'pro',
      price_cents: 4900,
      currency: 'eur',
      interval: 'month',
      support: 'premium',
      revenue_limit_cents: 1000000,
      features: [],
    },
    {
      id: 'enterprise',
      price_cents: 14900,
      currency: 'eur',
      interval: 'month',
      support: 'vip',
      revenue_limit_cents: null,
      features: [],
    },
  ],
};

test('a GET answered 503 is retried once, and the second answer is used (the landing page’s prices)', async ({
  page,
}) => {
  const calls: string[] = [];
  await page.route('**/api/v1/plans', async (route) => {
    calls.push(route.request().method());
    if (calls.length === 1) return route.fulfill(unavailable);
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(planList) });
  });
  await page.goto('/#pricing');
  await expect(page.locator('[data-plan="pro"] [data-plan-price]')).toHaveText('€49.00 / month');
  expect(calls).toEqual(['GET', 'GET']);
});

test('a GET that keeps failing is tried twice, no more, and the page says where prices are', async ({
  page,
}) => {
  let calls = 0;
  await page.route('**/api/v1/plans', async (route) => {
    calls++;
    return route.fulfill(unavailable);
  });
  await page.goto('/#pricing');
  await expect(page.locator('[data-plan="starter"] [data-plan-price]')).toHaveText(
    'Price on the pricing page',
  );
  await page.waitForTimeout(1_000);
  expect(calls).toBe(2);
});

async function loadApiClient(page: Page) {
  await page.goto('/legal');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Legal');
  const address = await serveWebModule(page, 'lib/api-client.ts');
  return address;
}

test('in the browser: a POST answered 503 is not retried, and the problem document reaches the caller', async ({
  page,
}) => {
  const address = await loadApiClient(page);
  const calls: string[] = [];
  await page.route('**/api/v1/e2e-probe', async (route) => {
    calls.push(`${route.request().method()} ${route.request().postData()}`);
    return route.fulfill(unavailable);
  });
  const outcome = await page.evaluate(async (url) => {
    const { api } = await import(url);
    try {
      await api.post('/api/v1/e2e-probe', { amount_cents: 1900 });
      return 'resolved';
    } catch (error) {
      const e = error as { name: string; status: number; problem: { code: string; detail: string } };
      return { name: e.name, status: e.status, code: e.problem.code, detail: e.problem.detail };
    }
  }, address);
  expect(outcome).toEqual({
    name: 'ApiError',
    status: 503,
    code: 'service_unavailable',
    detail: 'Try again in a moment.',
  });
  expect(calls).toEqual(['POST {"amount_cents":1900}']);
});

test('in the browser: a POST may ask for the retry; a GET whose connection failed is retried once', async ({
  page,
}) => {
  const address = await loadApiClient(page);
  const calls: string[] = [];
  await page.route('**/api/v1/e2e-probe', async (route) => {
    calls.push(route.request().method());
    if (calls.length % 2 === 1) {
      return route.request().method() === 'GET' ? route.abort('connectionreset') : route.fulfill(unavailable);
    }
    return route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' });
  });
  const results = await page.evaluate(async (url) => {
    const { api } = await import(url);
    return [await api.post('/api/v1/e2e-probe', {}, { retry: true }), await api.get('/api/v1/e2e-probe')];
  }, address);
  expect(results).toEqual([{ ok: true }, { ok: true }]);
  expect(calls).toEqual(['POST', 'POST', 'GET', 'GET']);
});

test('in the browser: calls send the cookies and JSON', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'nest_probe', value: 'yes', url: baseURL! }]);
  const address = await loadApiClient(page);
  let seen: Record<string, string> = {};
  await page.route('**/api/v1/e2e-probe', async (route) => {
    seen = route.request().headers();
    return route.fulfill({ status: 204 });
  });
  await page.evaluate(async (url) => {
    const { api } = await import(url);
    await api.patch('/api/v1/e2e-probe', { name: 'Café Lune' });
  }, address);
  expect(seen.cookie).toContain('nest_probe=yes');
  expect(seen['content-type']).toBe('application/json');
  expect(seen.accept).toContain('application/json');
});
