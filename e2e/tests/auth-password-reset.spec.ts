import { appErrors } from '../support/console-errors';
import { expect, test } from '../support/fixtures';
import { linkIn, readMail, waitForMail } from '../support/mail';
import { seedMerchant, uniqueEmail } from '../support/merchants';

const newPassword = 'lantern orchard pebble 7';

test('a merchant who forgot the password gets a link by email and chooses a new one', async ({
  page,
  context,
  request,
  consoleErrors,
}) => {
  const merchant = await seedMerchant(page, 'ready', { name: 'Fleuriste Rose' });
  await context.clearCookies();

  // From the login page, with the email already typed.
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(merchant.email);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL('/admin/forgot-password');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
  await expect(page.getByLabel('Email')).toHaveValue(merchant.email);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  const status = page.getByRole('status');
  await expect(status).toContainText(`If an account uses ${merchant.email}, a link to choose a new password`);
  await expect(status).toContainText('It works once, for 30 minutes.');

  // The mail, read from the development mail transport.
  const mails = await waitForMail(request, merchant.email);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.subject).toBe('Reset your Nest password');
  const link = linkIn(mails[0]!, '/admin/reset-password?token=');

  // The token leaves the address bar before the page shows.
  await page.goto(link);
  await expect(page).toHaveURL('/admin/reset-password');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
  const password = page.getByLabel('New password', { exact: true });
  await password.fill('too short');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('Use at least 12 characters.')).toBeVisible();
  await expect(password).toBeFocused();
  await password.fill(newPassword);
  await expect(page.getByText('Strength: strong')).toBeVisible();
  await page.getByRole('button', { name: 'Save the new password' }).click();

  await expect(page).toHaveURL('/admin/login');
  await expect(page.getByText('Your password is changed. Log in with your new password.')).toBeVisible();

  // The old password no longer works; the new one does.
  const form = page.getByRole('form', { name: 'Log in to your merchant account' });
  await form.getByLabel('Email').fill(merchant.email);
  await form.getByLabel('Password', { exact: true }).fill(merchant.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(form.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await form.getByLabel('Password', { exact: true }).fill(newPassword);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/admin/app/dashboard');

  // The link worked once.
  await page.goto(link);
  await expect(page).toHaveURL('/admin/reset-password');
  await page.getByLabel('New password', { exact: true }).fill('another long passphrase here');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This reset link is invalid or has expired. Ask for a new one.',
  );
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL('/admin/forgot-password');
  expect(appErrors(consoleErrors)).toEqual([]);
});

test('asking for a link says the same for an address without an account, and sends nothing', async ({
  page,
  browser,
  request,
}) => {
  const other = await browser.newContext();
  const known = await seedMerchant(await other.newPage(), 'ready');
  await other.close();
  const unknown = uniqueEmail('nobody-here');

  await page.goto('/admin/forgot-password');
  await page.getByLabel('Email').fill(unknown);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account uses ${unknown}, a link`);
  // Then a known address, as a witness that the mail jobs have run.
  await page.getByRole('button', { name: 'Use another email address' }).click();
  await page.getByLabel('Email').fill(known.email);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account uses ${known.email}, a link`);
  await waitForMail(request, known.email);
  expect(await readMail(request, unknown)).toEqual([]);
});

test('the reset page without its link explains what to do', async ({ page }) => {
  await page.goto('/admin/reset-password');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
  await expect(page.getByText('This page needs the link from the reset email.')).toBeVisible();
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL('/admin/forgot-password');
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('the reset pages and the API’s messages are in French', async ({ page }) => {
    await page.goto('/admin/forgot-password');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Réinitialiser votre mot de passe');
    await page.getByLabel('E-mail').fill('pas-une-adresse');
    await page.getByRole('button', { name: 'M’envoyer un lien' }).click();
    await expect(page.getByText('Saisissez une adresse e-mail valide, comme nom@exemple.fr.')).toBeVisible();

    await page.goto('/admin/reset-password?token=made-up-token');
    await expect(page).toHaveURL('/admin/reset-password');
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('une phrase de passe assez longue');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.',
    );
  });
});
