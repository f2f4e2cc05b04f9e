import { expect, test } from '../support/fixtures';
import { expectOpenWithFocus } from '../support/layers';
import { seedMerchant, uniqueEmail } from '../support/merchants';
import { createNest } from '../support/nests';
import { cards, payOnSandboxPage } from '../support/sandbox';

test('a merchant renames herself, switches to French, upgrades her plan, cancels it and takes it back', async ({
  page,
  consoleErrors,
}) => {
  // A real plan from the sandbox (a seeded row has nothing at the provider to change).
  await seedMerchant(page, 'no-plan', { email: uniqueEmail('account'), name: 'Camille' });
  await page.goto('/admin/app/dashboard');
  await expect(page).toHaveURL('/admin/pricing');
  await page.locator('[data-plan="starter"]').getByRole('button', { name: 'Choose Starter' }).click();
  await payOnSandboxPage(page, cards.succeeds);
  await expect(page).toHaveURL('/admin/onboarding/create-nest');
  await createNest(page);
  await page.goto('/admin/app/dashboard');
  await expect(page).toHaveURL('/admin/app/dashboard');

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Account' })
    .click();
  await expect(page).toHaveURL('/admin/app/account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account');
  const plan = page.getByRole('region', { name: 'Plan', exact: true });
  await expect(plan.locator('[data-current-plan]')).toContainText('Starter');
  await expect(plan.locator('[data-plan-status]')).toHaveText('Active');
  const invoices = page.getByRole('table', { name: 'Plan invoices' });
  await expect(invoices).toContainText('Starter plan, first month');
  await expect(invoices).toContainText('€19.00');
  await expect(invoices).toContainText('Paid');

  // Profile: a new name and French, saved together; the app switches language at once.
  const profile = page.getByRole('region', { name: 'Profile' });
  await profile.getByLabel('Name').fill('Camille Martin');
  await profile.getByLabel('Language').selectOption('fr-FR');
  await profile.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compte');
  const profil = page.getByRole('region', { name: 'Profil' });
  await expect(profil.getByLabel('Nom')).toHaveValue('Camille Martin');
  await expect(profil.getByLabel('Langue')).toHaveValue('fr-FR');
  // Saved on the server, not only on the screen.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compte');
  await expect(page.getByRole('region', { name: 'Profil' }).getByLabel('Nom')).toHaveValue('Camille Martin');

  // Upgrade now, confirmed in a dialog.
  const formule = page.getByRole('region', { name: 'Formule', exact: true });
  await formule.getByRole('button', { name: 'Changer de formule' }).click();
  const change = page.getByRole('dialog', { name: 'Changer de formule' });
  await expect(change.getByRole('radio', { name: /Pro/ })).toBeChecked();
  await change.getByRole('button', { name: 'Passer à Pro maintenant' }).click();
  await expect(change).toBeHidden();
  await expect(page.getByText('Vous êtes maintenant sur Pro.')).toBeVisible();
  await expect(formule.locator('[data-current-plan]')).toContainText('Pro');
  await expect(page.getByRole('table', { name: 'Factures de la formule' })).toContainText(
    'Passage à Pro, reste du mois',
  );

  // Cancel at period end, by keyboard: the dialog opens on Enter and says until when the plan runs.
  await formule.getByRole('button', { name: 'Résilier la formule' }).focus();
  await page.keyboard.press('Enter');
  const cancel = page.getByRole('dialog', { name: 'Résilier votre formule Pro ?' });
  await expect(cancel).toContainText('Votre formule reste active jusqu’au');
  await expectOpenWithFocus(cancel);
  await page.keyboard.press('Escape');
  await expect(cancel).toBeHidden();
  await expect(formule.locator('[data-plan-status]')).toHaveText('Active');
  await formule.getByRole('button', { name: 'Résilier la formule' }).click();
  await cancel.getByRole('button', { name: /^Résilier au / }).click();
  await expect(cancel).toBeHidden();
  await expect(formule.locator('[data-plan-status]')).toHaveText('Se termine');
  await expect(formule).toContainText(/Votre formule Pro se termine le /);

  // And taken back.
  await formule.getByRole('button', { name: 'Reprendre ma formule' }).click();
  await expect(formule.locator('[data-plan-status]')).toHaveText('Active');
  await expect(formule.getByRole('button', { name: 'Résilier la formule' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a wrong current password is refused next to its field, a good one changes the password', async ({
  page,
}) => {
  const email = uniqueEmail('password');
  await seedMerchant(page, 'ready', { email, plan: 'starter', password: 'the-old-password-1' });
  await page.goto('/admin/app/account');
  const form = page.getByRole('region', { name: 'Password' });
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByLabel('New password').fill('short');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Use at least 12 characters.')).toBeVisible();

  await form.getByLabel('New password').fill('violet harbour kettle ninety');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Current password').fill('the-old-password-1');
  await form.getByRole('button', { name: 'Change password' }).click();
  // The server checks the new password against its dictionaries first: slow on a busy machine.
  await expect(page.getByText('Your password is changed. Your other devices are signed out.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(form.getByLabel('Current password')).toHaveValue('');

  // The new password is the one that works now.
  const status = await page.evaluate(async (address) => {
    const response = await fetch('/api/v1/users/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: address, password: 'violet harbour kettle ninety' }),
    });
    return response.status;
  }, email);
  expect(status).toBe(200);
});
