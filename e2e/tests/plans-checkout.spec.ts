import { expect, test } from '../support/fixtures';
import { seedMerchant, uniqueEmail } from '../support/merchants';
import { createNest } from '../support/nests';
import { cards, payOnSandboxPage } from '../support/sandbox';

test('a new merchant signs up, pays for Starter on the sandbox page and is sent on to create their nest', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/admin/signup');
  await page.getByLabel('Your name').fill('Camille Martin');
  await page.getByLabel('Email').fill(uniqueEmail('starter'));
  await page.getByLabel('Password', { exact: true }).fill('copper lantern orchard seventeen');
  await page.getByLabel('Password', { exact: true }).press('Enter');

  // The plans, side by side, with their prices and limits from the API.
  await expect(page).toHaveURL('/admin/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing');
  const starter = page.locator('[data-plan="starter"]');
  await expect(starter.getByRole('heading', { name: 'Starter', exact: true })).toBeVisible();
  await expect(starter.locator('[data-plan-price]')).toHaveText('€19.00 / month');
  await expect(starter.locator('[data-plan-limit]')).toHaveText('Up to €2,500.00 of revenue per month');
  await expect(page.locator('[data-plan="enterprise"] [data-plan-limit]')).toHaveText('No revenue limit');
  await expect(page.locator('[data-plan="enterprise"]')).toContainText('API access');
  const boxes = await Promise.all(
    ['starter', 'pro', 'enterprise'].map((id) => page.locator(`[data-plan="${id}"]`).boundingBox()),
  );
  expect(new Set(boxes.map((box) => Math.round(box!.y))).size, 'side by side on a desktop').toBe(1);

  // Keyboard: focus the plan's button and press Enter.
  await starter.getByRole('button', { name: 'Choose Starter' }).focus();
  await page.keyboard.press('Enter');

  await expect(page.getByText('TEST MODE')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Subscribe to Nest Starter' })).toBeVisible();
  await payOnSandboxPage(page, cards.succeeds);

  await expect(page).toHaveURL(/\/admin\/onboarding\/payment\/success\?session_id=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Successful');
  await expect(page.getByText(/Your Starter plan is active\. Your next payment is on /)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create my nest' })).toBeVisible();
  await expect(page).toHaveTitle('Payment Successful · Nest');

  // Moves on by itself, and from now on the merchant guard sends the merchant to the next step.
  await expect(page).toHaveURL('/admin/onboarding/create-nest');
  await page.goto('/admin/app/dashboard');
  await expect(page).toHaveURL('/admin/onboarding/create-nest');
  expect(consoleErrors).toEqual([]);
});

test('a declined card stays on the sandbox page, which says why, and nothing is paid for', async ({
  page,
  consoleErrors,
}) => {
  await seedMerchant(page, 'no-plan', { email: uniqueEmail('declined') });
  await page.goto('/admin/app/dashboard');
  await expect(page).toHaveURL('/admin/pricing');

  await page.locator('[data-plan="pro"]').getByRole('button', { name: 'Choose Pro' }).click();
  await payOnSandboxPage(page, cards.insufficientFunds);

  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await expect(page.getByRole('alert')).toHaveText('Your card was declined: insufficient funds.');

  // Going back leaves the merchant without a plan, free to choose again.
  await page.getByRole('link', { name: 'Cancel and go back' }).click();
  await expect(page).toHaveURL('/admin/pricing');
  await expect(page.locator('[data-plan="pro"]').getByRole('button', { name: 'Choose Pro' })).toBeEnabled();
  await page.goto('/admin/app/dashboard');
  await expect(page).toHaveURL('/admin/pricing');
  // The browser may log the sandbox's 402 answer to the declined card; nothing else may fail.
  expect(consoleErrors.filter((entry) => !entry.url.includes('/sandbox/checkout/'))).toEqual([]);
});

test('a visitor sees the plans and is sent to sign up; a merchant with a plan sees it highlighted', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/admin/pricing');
  await expect(page.getByRole('main').getByRole('link', { name: 'Log in', exact: true })).toHaveAttribute(
    'href',
    '/admin/login',
  );
  await page.locator('[data-plan="pro"]').getByRole('link', { name: 'Choose Pro' }).click();
  // The chosen plan travels with the visitor to signup (ADR 162).
  await expect(page).toHaveURL('/admin/signup?plan=pro');

  await seedMerchant(page, 'ready', { email: uniqueEmail('highlight') });
  // Onboarded merchants have their nest (onboarding makes it): the account page reads it.
  await createNest(page);
  // Through the merchant area first, as a merchant would: this tab then knows who is signed in.
  await page.goto('/admin/app/account');
  await expect(page).toHaveURL('/admin/app/account');
  await page.goto('/admin/pricing');
  const pro = page.locator('[data-plan="pro"]');
  await expect(pro).toHaveAttribute('data-current-plan', 'true');
  await expect(pro).toContainText('Current plan');
  await expect(pro.getByRole('link', { name: 'Your current plan: manage it' })).toHaveAttribute(
    'href',
    '/admin/app/account',
  );
  await expect(
    page
      .locator('[data-plan="enterprise"]')
      .getByRole('link', { name: 'Switch to Enterprise from your account' }),
  ).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
