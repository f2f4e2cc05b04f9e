import { expect, test } from '../support/fixtures';
import { uniqueEmail } from '../support/merchants';

test('the plan chosen on the landing page survives signup: its payment page opens next', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Start with Pro' }).click();
  await expect(page).toHaveURL('/admin/signup?plan=pro');
  const form = page.getByRole('form', { name: 'Create your merchant account' });
  await form.getByLabel('Your name').fill('Salle Hêtre');
  await form.getByLabel('Email').fill(uniqueEmail('chosen-plan'));
  await form.getByLabel('Password', { exact: true }).fill('violet tractor muffin 42');
  await form.getByRole('button', { name: 'Create my account' }).click();
  // No second choice: straight to the payment page of Pro.
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscribe to Nest Pro');
  expect(consoleErrors).toEqual([]);
});

test('without a chosen plan, signup leads to the plan choice as before', async ({ page }) => {
  await page.goto('/admin/signup');
  const form = page.getByRole('form', { name: 'Create your merchant account' });
  await form.getByLabel('Your name').fill('Salle Frêne');
  await form.getByLabel('Email').fill(uniqueEmail('no-plan'));
  await form.getByLabel('Password', { exact: true }).fill('violet tractor muffin 42');
  await form.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL('/admin/pricing');
  await expect(page.getByRole('button', { name: 'Choose Pro' })).toBeVisible();
});
