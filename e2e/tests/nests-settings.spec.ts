import { expect, phone, test } from '../support/fixtures';
import { createLink, sellingMerchant } from '../support/links';

/** The nest is edited after onboarding, in one place, and its links show the change. */
test('the merchant edits the nest’s name and description, and the link page shows them', async ({
  page,
  consoleErrors,
}) => {
  const { offer } = await sellingMerchant(page.request, { nestName: 'Café Lumière' });
  const link = await createLink(page.request, offer.id);

  await page.goto('/admin/app/account');
  const business = page.getByRole('region', { name: 'Your business' });
  await expect(business.getByLabel('Name', { exact: true })).toHaveValue('Café Lumière');
  await expect(business.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await business.getByLabel('Name', { exact: true }).fill('Café Lumière & Fils');
  await business.getByLabel(/^Short description/).fill('Roasted on site since 1998.');
  await business.getByLabel('City').fill('');
  await business.getByRole('button', { name: 'Save changes' }).click();
  // A required field left empty is named, and nothing is sent.
  await expect(business.getByLabel('City')).toBeFocused();
  await business.getByLabel('City').fill('Lyon');
  await business.getByLabel('Time zone').selectOption('Europe/Brussels');
  await business.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your business details are saved.')).toBeVisible();

  // Stored: a reload shows the saved values.
  await page.reload();
  await expect(business.getByLabel('Name', { exact: true })).toHaveValue('Café Lumière & Fils');
  await expect(business.getByLabel('City')).toHaveValue('Lyon');
  await expect(business.getByLabel('Time zone')).toHaveValue('Europe/Brussels');

  await page.goto(link.url);
  await expect(page.getByRole('heading', { level: 1, name: offer.name })).toBeVisible();
  await expect(page.getByTestId('nest-name')).toHaveText('Café Lumière & Fils');
  await expect(page.getByTestId('nest-description')).toHaveText('Roasted on site since 1998.');
  expect(consoleErrors).toEqual([]);
});

test.describe('on a phone, in French', () => {
  test.use({ ...phone, locale: 'fr-FR' });

  test('the business settings are in French and fit the screen', async ({ page, consoleErrors }) => {
    await sellingMerchant(page.request, { nestName: 'Boulangerie Rive', locale: 'fr-FR' });
    await page.goto('/admin/app/account');
    const business = page.getByRole('region', { name: 'Votre commerce' });
    await expect(business.getByLabel('Nom', { exact: true })).toHaveValue('Boulangerie Rive');
    await business.getByLabel(/^Description courte/).fill('Pain au levain, tous les matins.');
    await business.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Les informations de votre commerce sont enregistrées.')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(consoleErrors).toEqual([]);
  });
});
