import { appErrors } from '../support/console-errors';
import { expect, phone, test } from '../support/fixtures';
import { seedMerchant, storedAccount, uniqueEmail } from '../support/merchants';

const strongPassword = 'violet tractor muffin 42';

test('a new merchant signs up, logs out and logs back in', async ({ page, context, consoleErrors }) => {
  const email = uniqueEmail('signup');
  await page.goto('/admin/signup');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signup');
  const form = page.getByRole('form', { name: 'Create your merchant account' });

  // Nothing typed: every field says what it needs, and nothing is sent.
  let sent = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/users') sent++;
  });
  await form.getByRole('button', { name: 'Create my account' }).click();
  await expect(form.getByText('Enter your name.')).toBeVisible();
  await expect(form.getByText('Enter your email address.')).toBeVisible();
  await expect(form.getByText('Enter your password.')).toBeVisible();
  await expect(form.getByLabel('Your name')).toBeFocused();
  expect(sent).toBe(0);

  // Inline checks as the merchant goes, fixed as soon as the field is.
  await form.getByLabel('Your name').fill('Café Lune');
  await expect(form.getByText('Enter your name.')).toBeHidden();
  await form.getByLabel('Email').fill('lune@');
  await form.getByLabel('Email').blur();
  await expect(form.getByText('Enter a valid email address, like name@example.com.')).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Email').fill(email);
  await expect(form.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');

  const password = form.getByLabel('Password', { exact: true });
  await password.fill('short');
  await expect(form.getByText('Strength: too short')).toBeVisible();
  await password.blur();
  await expect(form.getByText('Use at least 12 characters.')).toBeVisible();
  await password.fill('aaaaaaaaaaaa');
  await expect(form.getByText('Strength: weak')).toBeVisible();
  await password.fill(strongPassword);
  await expect(form.getByText('Strength: strong')).toBeVisible();
  await expect(form.getByText('Use at least 12 characters.')).toBeHidden();

  // Show and hide the password.
  const toggle = form.getByRole('button', { name: 'Show password' });
  await expect(password).toHaveAttribute('type', 'password');
  await toggle.click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await expect(password).toHaveAttribute('type', 'password');

  // The button is disabled and says so while the account is being created.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/users', async (route) => {
    await held;
    await route.continue();
  });
  await form.getByRole('button', { name: 'Create my account' }).click();
  const pending = form.getByRole('button', { name: 'Creating your account…' });
  await expect(pending).toBeDisabled();
  release();

  // A new merchant has no plan: the plan choice comes next.
  await expect(page).toHaveURL('/admin/pricing');
  expect(sent).toBe(1);
  expect((await storedAccount(page))?.email).toBe(email);

  // Logout clears the stored account, ends the session and opens the login page.
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/admin/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login');
  expect(await storedAccount(page)).toBeNull();
  expect((await context.request.get('/api/v1/users/me')).status()).toBe(401);

  // Back in with the same credentials; the guard sends a merchant without a plan to the plans.
  const login = page.getByRole('form', { name: 'Log in to your merchant account' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password', { exact: true }).fill(strongPassword);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/admin/pricing');
  expect((await storedAccount(page))?.email).toBe(email);
  expect(appErrors(consoleErrors)).toEqual([]);
});

test('signup shows the API’s reasons: an email already in use, a password too easy to guess', async ({
  page,
  browser,
  consoleErrors,
}) => {
  // An existing account, created in another browser so this one is not signed in.
  const other = await browser.newContext();
  const existing = await seedMerchant(await other.newPage(), 'no-plan');
  await other.close();

  await page.goto('/admin/signup');
  const form = page.getByRole('form', { name: 'Create your merchant account' });
  await form.getByLabel('Your name').fill('Boulangerie Martin');
  await form.getByLabel('Email').fill(existing.email);
  await form.getByLabel('Password', { exact: true }).fill(strongPassword);
  await form.getByRole('button', { name: 'Create my account' }).click();
  await expect(form.getByText('An account already uses this email. Sign in instead.')).toBeVisible();
  await expect(form.getByLabel('Email')).toBeFocused();
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  // Long enough for the browser; the server's dictionaries know better.
  await form.getByLabel('Email').fill(uniqueEmail('weak'));
  await form.getByLabel('Password', { exact: true }).fill('password1234');
  await form.getByRole('button', { name: 'Create my account' }).click();
  await expect(form.getByText(/This password is too easy to guess\./)).toBeVisible();
  await expect(form.getByLabel('Password', { exact: true })).toBeFocused();
  await expect(page).toHaveURL('/admin/signup');
  expect(appErrors(consoleErrors)).toEqual([]);
});

test.describe('in French, on a phone', () => {
  test.use({ ...phone, locale: 'fr-FR' });

  test('a merchant signs up with French words and French errors from the API', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    const other = await browser.newContext();
    const existing = await seedMerchant(await other.newPage(), 'no-plan');
    await other.close();

    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion');
    await page.getByRole('link', { name: 'Créer un compte' }).tap();
    await expect(page).toHaveURL('/admin/signup');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inscription');

    const form = page.getByRole('form', { name: 'Créer votre compte commerçant' });
    await form.getByRole('button', { name: 'Créer mon compte' }).tap();
    await expect(form.getByText('Saisissez votre nom.')).toBeVisible();
    await expect(form.getByText('Saisissez votre adresse e-mail.')).toBeVisible();
    await expect(form.getByText('Saisissez votre mot de passe.')).toBeVisible();

    await form.getByLabel('Votre nom').fill('Salon Émile');
    await form.getByLabel('E-mail').fill(existing.email);
    await form.getByLabel('Mot de passe', { exact: true }).fill('court');
    await expect(form.getByText('Robustesse : trop court')).toBeVisible();
    await form.getByLabel('Mot de passe', { exact: true }).fill(strongPassword);
    await expect(form.getByText('Robustesse : excellente')).toBeVisible();
    await form.getByRole('button', { name: 'Créer mon compte' }).tap();
    await expect(
      form.getByText('Un compte utilise déjà cette adresse e-mail. Connectez-vous plutôt.'),
    ).toBeVisible();

    const email = uniqueEmail('salon');
    await form.getByLabel('E-mail').fill(email);
    await form.getByRole('button', { name: 'Créer mon compte' }).tap();
    await expect(page).toHaveURL('/admin/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Formules');
    // The account speaks the language the merchant signed up in.
    const me = await page.request.get('/api/v1/users/me');
    expect(await me.json()).toMatchObject({ email, locale: 'fr-FR', name: 'Salon Émile' });

    // Nothing sticks out sideways on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(appErrors(consoleErrors)).toEqual([]);
  });
});
