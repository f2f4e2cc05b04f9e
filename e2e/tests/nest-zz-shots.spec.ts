import { test } from '../support/fixtures';
import { apiFromPage, createNestThroughApi, seedMerchant } from './nest-helpers';

test('shots', async ({ page }) => {
  await seedMerchant(page, { plan: 'pro' });
  await createNestThroughApi(page);
  for (const [name, cents, interval] of [
    ['Morning coffee', 1250, 'month'],
    ['Yoga', 1500, 'week'],
  ] as const) {
    await apiFromPage(page, 'POST', '/api/v1/offers', {
      name,
      grants: 'One coffee every morning',
      amount_cents: cents,
      interval,
      trial_days: 7,
      usage_allowance: { uses: 1, per: 'day' },
      reward_rule: { kind: 'check_ins', every: 10, reward_name: 'A free pastry' },
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/app/prices');
  await page.getByRole('heading', { name: 'Yoga' }).waitFor();
  await page.screenshot({ path: '/tmp/gw/prices.png', fullPage: true });
  await page.getByRole('button', { name: 'New price' }).first().click();
  await page.getByRole('button', { name: 'Create price' }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: '/tmp/gw/dialog.png' });
  await page.keyboard.press('Escape');
  await page.goto('/admin/app/dashboard');
  await page.getByRole('heading', { name: 'Payouts are not set up yet' }).waitFor();
  await page.screenshot({ path: '/tmp/gw/dashboard.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/app/prices');
  await page.getByRole('heading', { name: 'Yoga' }).waitFor();
  await page.screenshot({ path: '/tmp/gw/prices-phone-dark.png', fullPage: true });
  await page.getByRole('button', { name: 'Edit Yoga' }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: '/tmp/gw/dialog-phone-dark.png' });
});
test('shots create', async ({ page }) => {
  await seedMerchant(page, { plan: 'pro' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/onboarding/create-nest');
  await page.getByRole('button', { name: 'Create my nest' }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: '/tmp/gw/create.png', fullPage: true });
});
