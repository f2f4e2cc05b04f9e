import { expect, test } from '../support/fixtures';

test.describe('the not-found variant of the fatal error page', () => {
  for (const path of ['/404', '/links/404']) {
    test(`${path} shows 'Page Not Found'`, async ({ page, consoleErrors }) => {
      await page.goto(path);
      const error = page.locator('[data-fatal-error]');
      await expect(error).toHaveAttribute('data-fatal-error', 'not-found');
      await expect(error).toHaveAttribute('data-status', '404');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
      await expect(page).toHaveTitle('Page Not Found · Nest');
      await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
      expect(consoleErrors).toEqual([]);
    });
  }

  test('an unknown address raises a page-not-found error that shows its path', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/no/such/page?x=1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page.getByText('There is nothing at /no/such/page.')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('an unknown address reached by a click inside the app too', async ({ page }) => {
    await page.goto('/legal');
    await page.evaluate(() => {
      window.history.pushState({}, '', '/legal/nothing-here');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByText('There is nothing at /legal/nothing-here.')).toBeVisible();
  });

  test('an unknown legal document is not found, whatever its depth', async ({ page }) => {
    await page.goto('/legal/documents/terms-of-service/old/2019');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(
      page.getByText('There is nothing at /legal/documents/terms-of-service/old/2019.'),
    ).toBeVisible();
  });

  test('in French', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/nulle-part');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
    await expect(page.getByText('Il n’y a rien à l’adresse /nulle-part.')).toBeVisible();
    await context.close();
  });
});
