import { axeViolations } from '../support/axe';
import { seededCustomer, signInCustomerThroughApi } from '../support/customers';
import { expect, test } from '../support/fixtures';

const pages = [
  { path: '/', heading: /./ },
  { path: '/legal', heading: 'Legal' },
  { path: '/legal/documents/privacy-policy', heading: 'Privacy policy' },
  { path: '/legal/documents/cookie-policy', heading: 'Cookie policy' },
  { path: '/admin/login', heading: 'Login' },
  { path: '/admin/signup', heading: /./ },
  { path: '/client/login', heading: 'Login' },
];

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`axe finds no violation (${colorScheme})`, () => {
    test.use({ colorScheme });
    for (const { path, heading } of pages) {
      test(path, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        expect(await axeViolations(page)).toEqual([]);
      });
    }

    test('the merchant account with its data card, and the customer area with its own', async ({ page }) => {
      const { email } = await seededCustomer(page.request);
      await page.goto('/admin/app/account');
      await expect(page.getByRole('region', { name: 'Your data', exact: true })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await signInCustomerThroughApi(page.request, email);
      await page.goto('/client/app/overview');
      await expect(page.getByRole('region', { name: 'Your data', exact: true })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}

test('the check does report a violation (a control)', async ({ page }) => {
  await page.setContent('<html lang="en"><body><main><h1>Form</h1><input type="text"></main></body></html>');
  expect((await axeViolations(page)).some((line) => line.startsWith('label'))).toBe(true);
});
