import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { seedMerchantWithNest } from '../support/merchants';

/**
 * The toast area is downloaded just after the first render; cutting the connection before it has
 * arrived would test the download, not the toasts.
 */
async function toastAreaReady(page: Page) {
  await expect(page.getByRole('region', { name: /^Notifications alt\+T$/ })).toBeAttached();
}

async function loseAndRegainConnection(page: Page, times: number) {
  await toastAreaReady(page);
  for (let i = 0; i < times; i++) {
    await page.context().setOffline(true);
    await page.context().setOffline(false);
  }
}

test('the toast area has the spec’s settings and tells when the connection drops and returns', async ({
  page,
  consoleErrors,
}) => {
  await seedMerchantWithNest(page);
  await page.goto('/admin/app/verify');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verify');
  await toastAreaReady(page);
  // The counter's first requests (its offline snapshot) answered: one the network drop cuts short is
  // logged by Chromium as a console error, although the page copes with it (it then says offline).
  await page.waitForLoadState('networkidle');
  await page.context().setOffline(true);
  const toaster = page.locator('[data-sonner-toaster]');
  await expect(
    toaster.getByText('You are offline. Nothing can be saved until the connection is back.'),
  ).toBeVisible();
  await page.context().setOffline(false);
  await expect(toaster.getByText('You are back online.')).toBeVisible();

  await expect(toaster).toHaveAttribute('data-x-position', 'right');
  await expect(toaster).toHaveAttribute('data-y-position', 'bottom');
  const style = await toaster.evaluate((el) => {
    const s = getComputedStyle(el);
    const v = (name: string) => (el as HTMLElement).style.getPropertyValue(name);
    return { width: s.width, right: s.right, bottom: s.bottom, gap: v('--gap'), widthVar: v('--width') };
  });
  expect(style).toEqual({ width: '356px', right: '32px', bottom: '32px', gap: '14px', widthVar: '356px' });
  await expect(page.getByRole('region', { name: /^Notifications alt\+T$/ })).toBeAttached();
  expect(consoleErrors).toEqual([]);
});

test('at most 3 toasts are visible, and each leaves after 4 seconds', async ({ page }) => {
  await seedMerchantWithNest(page);
  await page.goto('/admin/app/verify');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verify');
  await page.mouse.move(0, 0); // hovering the toasts would pause their timers
  const createdAt = Date.now();
  await loseAndRegainConnection(page, 2);
  const toasts = page.locator('[data-sonner-toast]');
  await expect(toasts).toHaveCount(4);
  await expect(page.locator('[data-sonner-toast][data-visible="true"]')).toHaveCount(3);
  await expect(page.locator('[data-sonner-toast][data-visible="false"]')).toHaveCount(1);
  // The toasts leave after their 4000 ms plus the 200 ms exit animation, not before.
  await expect.poll(() => toasts.count(), { timeout: 10_000, intervals: [100] }).toBeLessThan(4);
  const elapsed = Date.now() - createdAt;
  expect(elapsed).toBeGreaterThan(3_900);
  expect(elapsed).toBeLessThan(7_500);
  await expect(toasts).toHaveCount(0);
});

test('Alt+T moves the focus to the toasts', async ({ page }) => {
  await seedMerchantWithNest(page);
  await page.goto('/admin/app/verify');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verify');
  await loseAndRegainConnection(page, 1);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(2);
  await page.keyboard.press('Alt+KeyT');
  await expect(page.locator('[data-sonner-toaster]')).toBeFocused();
});

test('a slow swipe of more than 20 px dismisses a toast; a shorter one does not', async ({ page }) => {
  await seedMerchantWithNest(page);
  await page.goto('/admin/app/verify');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verify');
  await toastAreaReady(page);
  await page.context().setOffline(true);
  const toast = page.locator('[data-sonner-toast]').first();
  await expect(toast).toBeVisible();
  await page.waitForTimeout(500); // let the enter animation settle

  async function slowSwipeRight(distance: number) {
    const box = (await toast.boundingBox())!;
    const y = box.y + box.height / 2;
    const x = box.x + 40;
    await page.mouse.move(x, y);
    await page.mouse.down();
    // Slow enough (under sonner's 0.11 px/ms flick speed) that only the distance can dismiss.
    for (let moved = 0; moved < distance; moved += 3) {
      await page.mouse.move(x + Math.min(moved + 3, distance), y);
      await page.waitForTimeout(40);
    }
    await page.waitForTimeout(300);
    await page.mouse.up();
  }

  await slowSwipeRight(14);
  await page.waitForTimeout(400);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(1);
  await expect(toast).toHaveAttribute('data-removed', 'false');

  await slowSwipeRight(26);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
});
