import { expect, phone, test } from '../support/fixtures';

test('the landing page presents Nest in English, with its sections, plans and entry points', async ({
  page,
  request,
  consoleErrors,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Turn your regulars into subscribers.');
  const navbar = page.getByRole('navigation', { name: 'Landing page sections' }).first();
  await expect(navbar.getByRole('link')).toHaveText(['How it works', 'Who is it for', 'Pricing']);
  for (const [name, id] of [
    ['How it works', 'how-it-works'],
    ['Who is it for', 'who-is-it-for'],
    ['Pricing', 'pricing'],
  ]) {
    await expect(page.locator(`#${id}`).getByRole('heading', { level: 2, name })).toBeVisible();
  }
  // The copy says what matters: no app, paid first, rewards and access.
  await expect(page.getByRole('listitem').filter({ hasText: /^No app to install$/ })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^Paid before you deliver$/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'No app to install' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rewards and access, built in' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Get paid before you deliver' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Your regulars are already here. Offer them a subscription.' }),
  ).toBeVisible();

  // Three plans: catalogue features and revenue limits, prices as the API lists them.
  const plans = page.locator('#pricing [data-plan]');
  await expect(plans).toHaveCount(3);
  await expect(page.locator('[data-plan="starter"] [data-plan-limit]')).toHaveText(
    'Up to €2,500.00 of revenue per month',
  );
  await expect(page.locator('[data-plan="pro"] [data-plan-limit]')).toHaveText(
    'Up to €10,000.00 of revenue per month',
  );
  await expect(page.locator('[data-plan="enterprise"] [data-plan-limit]')).toHaveText('No revenue limit');
  await expect(page.locator('[data-plan="starter"]')).toContainText('Subscription QR code');
  await expect(page.locator('[data-plan="starter"]')).toContainText('Basic support');
  await expect(page.locator('[data-plan="starter"]')).not.toContainText('API access');
  await expect(page.locator('[data-plan="enterprise"]')).toContainText('API access');
  await expect(page.locator('[data-plan="enterprise"]')).toContainText('1:1 strategic support');
  const listed = await request.get('/api/v1/plans');
  if (listed.ok()) {
    const { plans: offers } = (await listed.json()) as { plans: Array<{ id: string; price_cents: number }> };
    for (const offer of offers) {
      const euros = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(
        offer.price_cents / 100,
      );
      await expect(page.locator(`[data-plan="${offer.id}"] [data-plan-price]`)).toHaveText(
        `${euros} / month`,
      );
    }
  }

  // Entry points.
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Start now' })).toHaveAttribute('href', '/admin/signup');
  await expect(header.getByRole('link', { name: 'Log in', exact: true })).toHaveAttribute(
    'href',
    '/admin/login',
  );
  await expect(header.getByRole('link', { name: 'I am a customer' })).toHaveAttribute(
    'href',
    '/client/login',
  );
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Customer login' })).toHaveAttribute('href', '/client/login');
  await expect(footer.getByRole('link', { name: 'Legal notice' })).toHaveAttribute(
    'href',
    '/legal/documents/legal-notice',
  );
  expect(consoleErrors).toEqual([]);
});

test('the navbar jumps to each of its sections', async ({ page }) => {
  await page.goto('/');
  const navbar = page.getByRole('navigation', { name: 'Landing page sections' }).first();
  for (const [name, id] of [
    ['How it works', 'how-it-works'],
    ['Who is it for', 'who-is-it-for'],
    ['Pricing', 'pricing'],
  ]) {
    await navbar.getByRole('link', { name }).click();
    await expect(page).toHaveURL(`/#${id}`);
    await expect(page.locator(`#${id}`).getByRole('heading', { level: 2, name })).toBeInViewport();
  }
});

test('the signup call to action opens the signup page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Create my nest' }).first().click();
  await expect(page).toHaveURL('/admin/signup');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signup');
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('the same page, in French, with euro amounts written the French way', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transformez vos habitués en abonnés.');
    await expect(
      page.getByRole('navigation', { name: 'Sections de la page d’accueil' }).first().getByRole('link'),
    ).toHaveText(['Comment ça marche', 'Pour qui', 'Tarifs']);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Aucune application à installer' }),
    ).toBeVisible();
    await expect(page.locator('[data-plan="starter"] [data-plan-limit]')).toHaveText(
      /^Jusqu’à 2\s500,00\s€ de chiffre d’affaires par mois$/,
    );
    await expect(page.locator('[data-plan="enterprise"] h3')).toHaveText('Entreprise');
    await expect(page).toHaveTitle('Nest · Les abonnements des commerçants indépendants');
  });
});

test.describe('on a phone', () => {
  test.use(phone);

  test('fits the screen, its header in one row, the sections and logins in a menu', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const header = page.getByRole('banner');
    expect((await header.boundingBox())?.height).toBeLessThan(70);
    await expect(header.getByRole('link', { name: 'Start now' })).toBeVisible();
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    // The menu, from the keyboard: opens, leads to a section, closes behind it.
    // A disclosure (<details>): its <summary> is a button to the browser and screen readers.
    const menu = header.getByLabel('Menu', { exact: true });
    const sections = page.getByRole('navigation', { name: 'Landing page sections' });
    await expect(sections).toBeHidden();
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(sections.getByRole('link')).toHaveText(['How it works', 'Who is it for', 'Pricing']);
    await expect(header.getByRole('link', { name: 'I am a customer' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sections).toBeHidden();
    await expect(menu).toBeFocused();
    await page.keyboard.press('Enter');
    await sections.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL('/#pricing');
    await expect(sections).toBeHidden();
    await expect(
      page.locator('#pricing').getByRole('heading', { level: 2, name: 'Pricing' }),
    ).toBeInViewport();
  });
});

/**
 * The product pictures (ADR 201): screenshots of the real screens in the page's language, from our own
 * origin as AVIF (or WebP), each with a size written in the page (no layout shift) and a description.
 */
for (const [locale, lang, alt] of [
  ['en-US', 'en', /Café Lumière/],
  ['fr-FR', 'fr', /Café Lumière/],
] as const) {
  test.describe(`the hero's product pictures, ${locale}`, () => {
    test.use({ locale });

    test('show the real screens in the page’s language, sized, described and cached', async ({
      page,
      request,
      baseURL,
      consoleErrors,
    }) => {
      await page.goto('/');
      const hero = page.locator('section[aria-labelledby="hero-title"]');
      await expect(hero.getByRole('heading', { level: 1 })).toBeVisible();
      const pictures = hero.getByTestId('hero-product').locator('picture');
      await expect(pictures).toHaveCount(2);
      for (const img of await hero.locator('img').all()) {
        await expect(img).toHaveAttribute('width', /^\d+$/);
        await expect(img).toHaveAttribute('height', /^\d+$/);
      }
      for (const picture of await pictures.all()) {
        const img = picture.locator('img');
        await expect(img).toHaveAttribute('alt', alt);
        await expect
          .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
          .toBe(true);
        const shown = new URL(await img.evaluate((el: HTMLImageElement) => el.currentSrc));
        expect(shown.origin).toBe(baseURL);
        // The screenshot of this language, as AVIF (Chromium takes the first source it supports).
        expect(shown.pathname).toMatch(new RegExp(`^/assets/[a-z-]+-${lang}-\\d+-[\\w-]+\\.avif$`));
        for (const [type, source] of [
          ['image/avif', picture.locator('source[type="image/avif"]')],
          ['image/webp', picture.locator('source[type="image/webp"]')],
        ] as const) {
          const srcset = (await source.getAttribute('srcset')) ?? '';
          const addresses = srcset.split(',').map((candidate) => candidate.trim().split(' ')[0] ?? '');
          expect(addresses.length).toBeGreaterThanOrEqual(2);
          for (const address of addresses) expect(address).toContain(`-${lang}-`);
          const served = await request.get(addresses[0] ?? '');
          expect(served.status()).toBe(200);
          expect(served.headers()['content-type']).toBe(type);
          expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
        }
      }
      // The customer's and the counter's screens, further down, in the same language.
      const screens = page.getByTestId('how-it-works-screens').locator('img');
      await expect(screens).toHaveCount(3);
      for (const img of await screens.all()) {
        await expect(img).toHaveAttribute('alt', /\S/);
        await expect(img).toHaveAttribute('loading', 'lazy');
        await expect(img).toHaveAttribute('src', new RegExp(`-${lang}-`));
      }
      expect(consoleErrors).toEqual([]);
    });
  });
}
