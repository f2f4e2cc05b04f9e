import { unexpectedErrors } from '../support/console-errors';
import { expect, test } from '../support/fixtures';
import { seedMerchant, uniqueEmail } from '../support/merchants';
import { createNest } from '../support/nests';
import { apiFromPage } from '../support/page-api';

async function createOffers(page: import('@playwright/test').Page, count: number) {
  for (let i = 1; i <= count; i++) {
    const created = await apiFromPage(page, 'POST', '/api/v1/offers', {
      name: `Offer ${String(i).padStart(2, '0')}`,
      grants: 'Entry',
      amount_cents: 500 + i,
      interval: 'month',
    });
    expect(created.status).toBe(201);
  }
}

test.describe('on the Starter plan', () => {
  test('reward rules are locked with a way to upgrade, and other offers are created as usual', async ({
    page,
    consoleErrors,
  }) => {
    await seedMerchant(page, 'not-onboarded', { plan: 'starter', email: uniqueEmail('starter') });
    await createNest(page);
    await page.goto('/admin/app/prices');
    await page.getByRole('button', { name: 'New price' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New price' });

    const reward = dialog.getByRole('group', { name: /Reward rule/ });
    await expect(reward).toContainText('Rewards are part of the Pro and Enterprise plans.');
    await expect(reward.getByRole('checkbox', { name: 'Reward loyal subscribers' })).toBeDisabled();
    const upgrade = reward.getByRole('link', { name: 'Upgrade to Pro' });
    await expect(upgrade).toHaveAttribute('href', '/admin/pricing');

    await dialog.getByLabel('Name').fill('Haircut club');
    await dialog.getByLabel('What it gives').fill('One haircut a month');
    await dialog.getByLabel('Amount in euros').fill('25');
    await dialog.getByRole('button', { name: 'Create price' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('list', { name: 'Active' })).toContainText('€25.00 / month');

    await page.getByRole('button', { name: 'New price' }).first().click();
    await page.getByRole('dialog').getByRole('link', { name: 'Upgrade to Pro' }).click();
    await expect(page).toHaveURL('/admin/pricing');
    expect(consoleErrors).toEqual([]);
  });

  test('the API’s plan_required answer is shown next to the reward fields if it comes back', async ({
    page,
    consoleErrors,
  }) => {
    await seedMerchant(page, 'not-onboarded', { plan: 'starter', email: uniqueEmail('stale-plan') });
    await createNest(page);
    // The page believes the merchant is on Pro (as after a downgrade in another tab); the API knows better.
    // The first page of a load arrives with the server's own answer (ADR 206): the guard's next call,
    // at the navigation to the prices, is the one that says Pro.
    await page.goto('/admin/app/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await page.route('**/api/v1/users/me', async (route) => {
      const response = await route.fetch();
      const merchant = await response.json();
      await route.fulfill({
        response,
        json: { ...merchant, subscription: { ...merchant.subscription, plan: 'pro' } },
      });
    });
    await page.getByRole('link', { name: 'Prices' }).click();
    await expect(page).toHaveURL('/admin/app/prices');
    await page.getByRole('button', { name: 'New price' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New price' });
    await dialog.getByLabel('Name').fill('Loyalty coffee');
    await dialog.getByLabel('What it gives').fill('A coffee a day');
    await dialog.getByLabel('Amount in euros').fill('30');
    await dialog.getByRole('checkbox', { name: 'Reward loyal subscribers' }).check();
    await dialog.getByLabel('Reward', { exact: true }).fill('A free cake');
    await dialog.getByRole('button', { name: 'Create price' }).click();

    const reward = dialog.getByRole('group', { name: /Reward rule/ });
    await expect(reward).toContainText('This needs the Pro plan or higher.');
    await expect(reward.getByRole('link', { name: 'Upgrade to Pro' })).toBeVisible();
    await expect(dialog).toBeVisible();
    const offers = await apiFromPage<{ items: unknown[] }>(page, 'GET', '/api/v1/offers');
    expect(offers.body.items).toEqual([]);
    expect(unexpectedErrors(consoleErrors, [403])).toEqual([]);
  });
});

test('the list loads more a page at a time, and an archived price is restored from the Archived tab', async ({
  page,
  consoleErrors,
}) => {
  await seedMerchant(page, 'not-onboarded', { email: uniqueEmail('list') });
  await createNest(page);
  await createOffers(page, 12);
  await page.goto('/admin/app/prices');
  const active = page.getByRole('list', { name: 'Active' });
  await expect(active.getByRole('heading', { level: 3 })).toHaveCount(10);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(active.getByRole('heading', { level: 3 })).toHaveCount(12);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Archive Offer 12' }).click();
  await expect(page.getByText('Price “Offer 12” archived.')).toBeVisible();
  await expect(active.getByRole('heading', { name: 'Offer 12' })).toHaveCount(0);

  // The tabs follow the keyboard: arrow to Archived.
  const activeTab = page.getByRole('tab', { name: 'Active' });
  await activeTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Archived' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Archived' })).toBeFocused();
  const archived = page.getByRole('list', { name: 'Archived' });
  await expect(archived.getByRole('heading', { level: 3 })).toHaveText(['Offer 12']);
  await page.getByRole('button', { name: 'Restore Offer 12' }).click();
  await expect(page.getByText('Price “Offer 12” restored.')).toBeVisible();
  await expect(page.getByText('No archived prices')).toBeVisible();

  await page.getByRole('tab', { name: 'Active' }).click();
  await expect(active.getByRole('heading', { name: 'Offer 12' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('the offer dialog works with the keyboard, checks fields inline and shows the API’s field errors', async ({
  page,
  consoleErrors,
}) => {
  await seedMerchant(page, 'not-onboarded', { email: uniqueEmail('keyboard') });
  await createNest(page);
  await page.goto('/admin/app/prices');
  await page.getByRole('button', { name: 'New price' }).first().focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New price' });
  await expect(dialog.getByLabel('Name')).toBeFocused();

  await page.keyboard.type('Weekly yoga');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('What it gives')).toBeFocused();
  await page.keyboard.type('A class a week');
  await dialog.getByLabel('Amount in euros').fill('12.345');
  await dialog.getByLabel('Amount in euros').blur();
  await expect(dialog.getByText('Enter an amount in euros, with at most 2 decimals.')).toBeVisible();
  await dialog.getByLabel('Amount in euros').fill('8');
  await dialog.getByLabel('Every', { exact: true }).fill('60');
  await dialog.getByLabel('Billing period').selectOption('week');
  await dialog.getByLabel('Every', { exact: true }).blur();
  await expect(dialog.getByText('Enter a number from 1 to 52.')).toBeVisible();
  await dialog.getByLabel('Every', { exact: true }).fill('1');

  // A field error that only the API can find lands on its field, in the page's language.
  await page.route('**/api/v1/offers', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await route.fulfill({
      status: 400,
      contentType: 'application/problem+json',
      json: {
        type: 'https://nest.localhost/problems/validation-failed',
        title: 'Invalid request',
        status: 400,
        detail: 'Some fields are not valid.',
        code: 'validation_failed',
        errors: [{ field: 'name', code: 'too_big_string', message: 'Too long for the provider.' }],
      },
    });
  });
  await dialog.getByRole('button', { name: 'Create price' }).click();
  await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Too long for the provider.')).toBeVisible();
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.unroute('**/api/v1/offers');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'New price' }).first()).toBeFocused();
  expect(unexpectedErrors(consoleErrors, [400])).toEqual([]);
});

test('the prices page and its dialog are readable in dark mode', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await seedMerchant(page, 'not-onboarded', { email: uniqueEmail('dark') });
  await createNest(page);
  await page.goto('/admin/app/prices');
  await page.getByRole('button', { name: 'New price' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New price' });
  const colours = await dialog.evaluate((element) => {
    const input = element.querySelector('input')!;
    return {
      dialog: getComputedStyle(element).backgroundColor,
      input: getComputedStyle(input).backgroundColor,
      text: getComputedStyle(input).color,
    };
  });
  // Perceived lightness from 0 (black) to 100 (white); Chromium answers Tailwind 4's colours in lab().
  const lightness = (colour: string) => {
    const [a = 0, b = 0, c = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number);
    if (colour.startsWith('lab') || colour.startsWith('lch')) return a;
    if (colour.startsWith('oklab') || colour.startsWith('oklch')) return a <= 1 ? a * 100 : a;
    return ((a + b + c) / 3 / 255) * 100;
  };
  expect(lightness(colours.dialog)).toBeLessThan(25);
  expect(lightness(colours.input)).toBeLessThan(25);
  expect(lightness(colours.text)).toBeGreaterThan(80);
});
