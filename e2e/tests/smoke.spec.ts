import { expect, test } from '@playwright/test';

test('the product serves its landing page and its API', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('body')).toContainText('Nest');
  const health = await request.get('/healthz');
  expect(await health.json()).toEqual({ status: 'ok' });
});
