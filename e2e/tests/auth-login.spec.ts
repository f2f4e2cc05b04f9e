import { appErrors } from '../support/console-errors';
import { expect, phone, test } from '../support/fixtures';
import { seedMerchant, storedAccount } from '../support/merchants';

test.describe('logging in', () => {
  test('a wrong password says so, clears the stored account and the session, and sends nothing twice', async ({
    page,
    context,
    consoleErrors,
  }) => {
    // Signed in (the guard has stored the account), then someone types a wrong password.
    const merchant = await seedMerchant(page, 'ready');
    await page.goto('/admin/app/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    expect(await storedAccount(page)).not.toBeNull();

    await page.goto('/admin/login');
    const form = page.getByRole('form', { name: 'Log in to your merchant account' });
    await form.getByLabel('Email').fill(merchant.email);
    await form.getByLabel('Password', { exact: true }).fill('not the right password');

    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sent = 0;
    await page.route('**/api/v1/users/login', async (route) => {
      sent++;
      await held;
      await route.continue();
    });
    await form.getByLabel('Password', { exact: true }).press('Enter');
    const pending = form.getByRole('button', { name: 'Logging in…' });
    await expect(pending).toBeDisabled();
    await form.getByLabel('Password', { exact: true }).press('Enter');
    release();

    const alert = form.getByRole('alert');
    await expect(alert).toHaveText('The email or password is incorrect.');
    await expect(alert).toBeFocused();
    expect(sent).toBe(1);
    // A failed login leaves no account behind (spec §4), in the tab and in the cookies.
    expect(await storedAccount(page)).toBeNull();
    expect((await context.request.get('/api/v1/users/me')).status()).toBe(401);
    await expect(page).toHaveURL('/admin/login');
    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test('too many wrong passwords are stopped with the time to wait', async ({ page, context }) => {
    const merchant = await seedMerchant(page, 'ready');
    await context.clearCookies();
    await page.goto('/admin/login');
    const form = page.getByRole('form', { name: 'Log in to your merchant account' });
    await form.getByLabel('Email').fill(merchant.email);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await form.getByLabel('Password', { exact: true }).fill(`wrong password ${attempt}`);
      await form.getByRole('button', { name: 'Log in' }).click();
      await expect(form.getByRole('alert')).toHaveText('The email or password is incorrect.');
    }
    await form.getByLabel('Password', { exact: true }).fill(merchant.password);
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      /^Too many attempts\. Try again in \d+ (seconds|minutes)\.$/,
    );
    await expect(page).toHaveURL('/admin/login');
  });

  test('fields are checked before anything is sent', async ({ page }) => {
    await page.goto('/admin/login');
    const form = page.getByRole('form', { name: 'Log in to your merchant account' });
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect(form.getByText('Enter your email address.')).toBeVisible();
    await expect(form.getByText('Enter your password.')).toBeVisible();
    await expect(form.getByLabel('Email')).toBeFocused();
    await form.getByLabel('Email').fill('lune.example.com');
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect(form.getByText('Enter a valid email address, like name@example.com.')).toBeVisible();
  });

  test('login, signup and password reset link to each other', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL('/admin/signup');
    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/admin/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL('/admin/forgot-password');
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(page).toHaveURL('/admin/login');
  });
});

test('a merchant logs in and out with the keyboard only', async ({ page, consoleErrors }) => {
  const merchant = await seedMerchant(page, 'ready', { name: 'Barbier Léon' });
  await page.context().clearCookies();
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login');

  // Tab from the top of the page to the email field.
  const email = page.getByLabel('Email');
  for (let i = 0; i < 15 && !(await email.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(email).toBeFocused();
  await page.keyboard.type(merchant.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(merchant.password);
  // The show-password button is the next stop, and works with the keyboard.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Show password' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL('/admin/app/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(page.getByRole('complementary').getByText('Barbier Léon')).toBeVisible();

  // From the page, Tab to the logout button in the sidebar.
  const logout = page.getByRole('complementary').getByRole('button', { name: 'Log out' });
  for (let i = 0; i < 40 && !(await logout.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(logout).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/admin/login');
  expect(await storedAccount(page)).toBeNull();
  expect(appErrors(consoleErrors)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use(phone);

  test('a merchant logs in, then logs out from the menu', async ({ page, consoleErrors }) => {
    const merchant = await seedMerchant(page, 'ready');
    await page.context().clearCookies();
    await page.goto('/admin');
    await expect(page).toHaveURL('/admin/login');
    const form = page.getByRole('form', { name: 'Log in to your merchant account' });
    await form.getByLabel('Email').fill(merchant.email);
    await form.getByLabel('Password', { exact: true }).fill(merchant.password);
    await form.getByRole('button', { name: 'Log in' }).tap();
    await expect(page).toHaveURL('/admin/app/dashboard');

    await page.getByRole('button', { name: 'Open the menu' }).tap();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('button', { name: 'Log out' }).tap();
    await expect(page).toHaveURL('/admin/login');
    expect(await storedAccount(page)).toBeNull();
    // The merchant area is closed until the next login.
    await page.goto('/admin/app/dashboard');
    await expect(page).toHaveURL('/admin/login');
    expect(appErrors(consoleErrors)).toEqual([]);
  });
});

test('when the server cannot be reached, logout says so and the merchant stays signed in', async ({
  page,
}) => {
  await seedMerchant(page, 'not-onboarded');
  await page.goto('/admin/onboarding/create-nest');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your nest');
  await page.route('**/api/v1/users/logout', (route) => route.abort('internetdisconnected'));
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await expect(
    page.getByText('We could not log you out. Check your connection and try again.'),
  ).toBeVisible();
  await expect(page).toHaveURL('/admin/onboarding/create-nest');
  expect(await storedAccount(page)).not.toBeNull();
});
