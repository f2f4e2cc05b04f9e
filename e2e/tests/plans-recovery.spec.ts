import { axeViolationsInBothSchemes } from '../support/axe';
import { expect, phone, test } from '../support/fixtures';
import { seedMerchant, uniqueEmail } from '../support/merchants';
import { createNest } from '../support/nests';
import { advanceSandboxClock, cards, payOnSandboxPage } from '../support/sandbox';

test.use({ ...phone, locale: 'fr-FR' });

test('sur un téléphone, une commerçante dont le renouvellement échoue paie avec une autre carte et retrouve son tableau de bord', async ({
  page,
  consoleErrors,
}) => {
  // A new merchant without a plan: the guard sends her to the plans.
  await seedMerchant(page, 'no-plan', { email: uniqueEmail('recover'), locale: 'fr-FR' });
  await page.goto('/admin/app/dashboard');
  await expect(page).toHaveURL('/admin/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Formules');
  const boxes = await Promise.all(
    ['starter', 'pro'].map((id) => page.locator(`[data-plan="${id}"]`).boundingBox()),
  );
  expect(boxes[1]!.y, 'stacked on a phone').toBeGreaterThan(boxes[0]!.y + boxes[0]!.height - 1);

  // Paid with the card that works today and fails at renewal.
  await page.locator('[data-plan="starter"]').getByRole('button', { name: 'Choisir Starter' }).click();
  await expect(page.getByText('MODE TEST')).toBeVisible();
  await payOnSandboxPage(page, cards.failsAtRenewal);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paiement réussi');
  await page.getByRole('link', { name: 'Créer mon nest' }).click();
  await expect(page).toHaveURL('/admin/onboarding/create-nest');
  await createNest(page);
  await page.goto('/admin/app/dashboard');
  await expect(page).toHaveURL('/admin/app/dashboard');

  // A month later the renewal is declined: the guard now sends her to the recovery page.
  const run = await advanceSandboxClock(page, 31);
  expect(run.failed_payments).toBeGreaterThanOrEqual(1);
  await page.goto('/admin/app/dashboard');
  await expect(page).toHaveURL('/admin/onboarding/payment/recover');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Régularisation du paiement');
  const unpaid = page.getByRole('table', { name: 'Factures impayées' });
  // One unpaid renewal (on a phone the table's header row is hidden, each cell carries its label).
  await expect(unpaid.getByRole('row')).toHaveCount(1);
  await expect(unpaid).toContainText('Formule Starter, renouvellement');
  await expect(unpaid).toContainText('19,00');
  await expect(unpaid).toContainText('Échec : la carte a été refusée');
  await expect(page.locator('[data-total-due]')).toHaveText(/^19,00\s€$/);
  const violations = await axeViolationsInBothSchemes(page, 'unpaid renewal');

  // The saved card is declined again: the reason is said, and she stays here.
  await page.getByRole('button', { name: 'Réessayer le paiement' }).click();
  await expect(page.getByRole('alert')).toContainText('Le paiement a échoué : la carte a été refusée.');
  await expect(page).toHaveURL('/admin/onboarding/payment/recover');
  violations.push(...(await axeViolationsInBothSchemes(page, 'declined again')));
  expect(violations).toEqual([]);

  // Another card on the sandbox's page pays what is due and brings her straight back to work.
  await page.getByRole('button', { name: 'Utiliser une autre carte' }).click();
  await expect(
    page.getByRole('heading', { name: 'Utiliser une autre carte pour Nest Starter' }),
  ).toBeVisible();
  await payOnSandboxPage(page, cards.succeeds);
  await expect(page).toHaveURL('/admin/app/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord');
  await expect(page.getByText('Paiement reçu. Bon retour parmi nous !')).toBeVisible();

  // And she stays there: the guard sees the plan paid up.
  await page.reload();
  await expect(page).toHaveURL('/admin/app/dashboard');
  expect(consoleErrors).toEqual([]);
});
