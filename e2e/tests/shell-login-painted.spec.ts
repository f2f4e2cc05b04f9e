import type { Page } from '@playwright/test';
import { expect, phone, test } from '../support/fixtures';
import { holdAppEntry, layoutShift, resetLayoutShift, watchLayoutShift } from '../support/painted-page';

/**
 * Both login pages arrive painted (ADR 205), as the landing does (ADR 203): their HTML is the app's own
 * first render, shown and styled before any of the app's JavaScript runs, then adopted in place.
 */

const logins = [
  {
    path: '/admin/login',
    lang: 'en',
    lead: 'Welcome back. Log in to manage your nest, your offers and your subscribers.',
    form: 'Log in to your merchant account',
    email: 'Email',
    // What the app says about an empty form: the browser's own submission never happens.
    appSays: 'Enter your email address.',
  },
  {
    path: '/client/login',
    lang: 'fr',
    lead: /^Pas de mot de passe : saisissez l’e-mail utilisé pour vous abonner/,
    form: 'Connexion avec votre e-mail',
    email: 'E-mail',
    appSays: /^Saisissez une adresse e-mail valide/,
  },
] as const;

/** Where the page's parts are drawn, to the pixel. */
function boxes(page: Page) {
  return page.evaluate(() =>
    ['header', 'h1', 'main form', 'main input[type="email"]'].map((selector) => {
      const box = document.querySelector(selector)?.getBoundingClientRect();
      return box && { selector, x: box.x, y: box.y, width: box.width, height: box.height };
    }),
  );
}

for (const login of logins) {
  test(`${login.path} is painted and styled before the app's scripts run, ${login.lang}`, async ({
    page,
  }) => {
    const scripts: string[] = [];
    await page.route('**/assets/*.js', (route) => {
      scripts.push(route.request().url());
      return route.abort();
    });
    await page.goto(`${login.path}?lang=${login.lang}`, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(login.lead)).toBeVisible();
    const form = page.getByRole('form', { name: login.form });
    await expect(form.getByLabel(login.email, { exact: true })).toBeVisible();
    // Sent before the app has adopted it, the form posts: what was typed never goes into the address.
    await expect(form).toHaveAttribute('method', 'post');
    // Styled by the app's CSS: the lead is grey, not the browser's default black.
    await expect(page.getByText(login.lead)).not.toHaveCSS('color', 'rgb(0, 0, 0)');
    await expect(page.locator('#root')).toHaveAttribute(
      'data-prerendered',
      login.lang === 'en' ? 'en-US' : 'fr-FR',
    );
    // The page asked for the app (blocked here): it starts after the paint, it is not left out.
    await expect.poll(() => scripts.some((url) => /\/assets\/index-[\w-]+\.js$/.test(url))).toBe(true);
  });
}

for (const [login, device, colorScheme] of [
  [logins[0], {}, 'dark'],
  [logins[1], phone, 'light'],
] as const) {
  test.describe(`${login.path}, ${colorScheme}${device === phone ? ', on a phone' : ''}`, () => {
    test.use({ ...device, colorScheme });

    test('the app takes the painted login over in place, and its form is the app’s', async ({
      page,
      consoleErrors,
    }) => {
      await watchLayoutShift(page);
      const release = await holdAppEntry(page);
      await page.goto(`${login.path}?lang=${login.lang}`, { waitUntil: 'domcontentloaded' });
      await expect(page.getByText(login.lead)).toBeVisible();
      // Painted means styled: the browser shows nothing before its stylesheets, but DOMContentLoaded
      // does not wait for them, and boxes measured before they came are the browser's defaults (seen
      // in CI).
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).every(
          (link) => link.sheet,
        ),
      );
      // The colour mode is set before the first paint by the inline script the CSP allows by its hash.
      const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
      expect(dark).toBe(colorScheme === 'dark');
      await page.evaluate(() => document.fonts.ready);
      const painted = await boxes(page);
      await page.evaluate(() => {
        (window as unknown as { paintedForm: unknown }).paintedForm = document.querySelector('main form');
      });
      await resetLayoutShift(page);

      release();
      await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByText(login.lead)).toHaveCount(1);
      expect(await boxes(page)).toEqual(painted);
      expect(await layoutShift(page)).toBe(0);
      // Adopted, not rebuilt: the painted form is the app's own node (hydration)…
      const adopted = await page.evaluate(
        () =>
          document.querySelector('main form') === (window as unknown as { paintedForm: unknown }).paintedForm,
      );
      expect(adopted).toBe(true);
      // …and the app handles it: sent empty, the app answers, the page stays where it is.
      const form = page.getByRole('form', { name: login.form });
      await form.getByRole('button').last().click();
      await expect(page.getByText(login.appSays)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${login.path}\\?lang=${login.lang}$`));
      expect(consoleErrors).toEqual([]);
    });
  });
}

test('a customer login address that fills the email in is rendered with it, not left as painted', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/client/login?email=ines%40example.test');
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await expect(page.getByRole('form', { name: 'Sign in with your email' }).getByLabel('Email')).toHaveValue(
    'ines@example.test',
  );
  expect(consoleErrors).toEqual([]);
});

test('an email typed and sent before the app arrives is sent by the app once it is there, not by the browser', async ({
  page,
  consoleErrors,
}) => {
  const release = await holdAppEntry(page);
  const codeRequests: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') codeRequests.push(new URL(request.url()).pathname);
  });
  await page.goto('/client/login?lang=en', { waitUntil: 'domcontentloaded' });
  const form = page.getByRole('form', { name: 'Sign in with your email' });
  await form.getByLabel('Email', { exact: true }).fill('nobody-yet@example.test');
  await form.getByRole('button', { name: 'Send me a code' }).click();
  // Held on the painted page: the browser posted nothing.
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'en-US');
  expect(codeRequests).toEqual([]);

  release();
  await expect(page.getByRole('status').filter({ hasText: /code/i }).first()).toBeVisible();
  expect(codeRequests).toEqual(['/api/v1/nest-customers/login']);
  await expect(page).toHaveURL(/\/client\/login\?lang=en$/);
  expect(consoleErrors).toEqual([]);
});
