import { daysUntil, expect, test } from '../support/fixtures';
import { seedMerchantWithNest } from '../support/merchants';
import { chooseColorMode, colorModeItem, openPreferences } from '../support/preferences';

const COLOR_MODE_COOKIE = 'nest_color_mode';

test('follows the system by default: a dark system puts `dark` on <html>', async ({
  page,
  consoleErrors,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/legal');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  const menu = await openPreferences(page);
  await expect(colorModeItem(menu, 'system')).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  expect(consoleErrors).toEqual([]);
});

test('an explicit choice applies at once, is kept in a 365-day cookie and survives a reload', async ({
  page,
  context,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await seedMerchantWithNest(page);
  await page.goto('/admin/app/dashboard');
  await chooseColorMode(page, 'dark', page.getByRole('complementary'));
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  const background = await page.evaluate(
    () => getComputedStyle(document.querySelector('[data-layout]')!).backgroundColor,
  );
  expect(background).not.toBe('rgb(248, 250, 252)');
  const cookie = (await context.cookies()).find((c) => c.name === COLOR_MODE_COOKIE);
  expect(cookie?.value).toBe('dark');
  expect(daysUntil(cookie!.expires)).toBeGreaterThan(364.9);
  expect(daysUntil(cookie!.expires)).toBeLessThan(365.1);

  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  const menu = await openPreferences(page, page.getByRole('complementary'));
  await expect(colorModeItem(menu, 'dark')).toHaveAttribute('aria-checked', 'true');
  await colorModeItem(menu, 'light').click();
  await expect(menu).toBeHidden();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  expect((await context.cookies()).find((c) => c.name === COLOR_MODE_COOKIE)?.value).toBe('light');
});

test('the theme is set before the app runs, so a dark page never flashes light', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: COLOR_MODE_COOKIE, value: 'dark', url: baseURL! }]);
  // Without the app's code at all, the early script alone sets the mode.
  await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');
});
