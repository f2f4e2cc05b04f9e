import type { Page } from '@playwright/test';
import { expect, phone, test } from '../support/fixtures';
import { holdAppEntry, layoutShift, resetLayoutShift, watchLayoutShift } from '../support/painted-page';

/**
 * The landing arrives painted (ADR 203): its HTML is the app's own first render, shown before any of
 * the app's JavaScript runs, then adopted by the app as its own page — no jump, no flash, no copy.
 */

const heroes = [
  {
    lang: 'en',
    title: 'Turn your regulars into subscribers.',
    lead: /^Sell your coffee card, class pass or monthly haircut as a subscription\./,
    signup: 'Create my nest',
  },
  {
    lang: 'fr',
    title: 'Transformez vos habitués en abonnés.',
    lead: /^Vendez votre carte café, votre pass de cours ou votre coupe mensuelle en abonnement\./,
    signup: 'Créer mon nest',
  },
] as const;

/** Where the hero's parts are drawn, to the pixel. */
function heroBoxes(page: Page) {
  return page.evaluate(() =>
    ['h1', 'h1 + p', 'header', '[data-testid="hero-product"] img'].map((selector) => {
      const box = document.querySelector(selector)?.getBoundingClientRect();
      return box && { selector, x: box.x, y: box.y, width: box.width, height: box.height };
    }),
  );
}

for (const hero of heroes) {
  test(`the hero is painted before the app's scripts run, ${hero.lang}`, async ({ page }) => {
    const scripts: string[] = [];
    await page.route('**/assets/*.js', (route) => {
      scripts.push(route.request().url());
      return route.abort();
    });
    await page.goto(`/?lang=${hero.lang}`, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1, name: hero.title })).toBeVisible();
    await expect(page.getByText(hero.lead)).toBeVisible();
    await expect(page.getByRole('link', { name: hero.signup }).first()).toHaveAttribute(
      'href',
      '/admin/signup',
    );
    // Styled by the app's CSS: the lead is grey, not the browser's default black.
    await expect(page.getByText(hero.lead)).not.toHaveCSS('color', 'rgb(0, 0, 0)');
    await expect(page.locator('#root')).toHaveAttribute(
      'data-prerendered',
      `${hero.lang}-${hero.lang === 'en' ? 'US' : 'FR'}`,
    );
    // The page asked for the app (blocked here): it starts after the paint, it is not left out.
    await expect.poll(() => scripts.some((url) => /\/assets\/index-[\w-]+\.js$/.test(url))).toBe(true);
  });
}

for (const [hero, device, colorScheme] of [
  [heroes[0], {}, 'light'],
  [heroes[1], phone, 'dark'],
] as const) {
  test.describe(`${hero.lang}, ${colorScheme}${device === phone ? ', on a phone' : ''}`, () => {
    test.use({ ...device, colorScheme });

    test('the app takes the painted page over in place: nothing moves, flashes or appears twice', async ({
      page,
      consoleErrors,
    }) => {
      // Layout shifts and any moment without a hero, from the first byte.
      await watchLayoutShift(page);
      await page.addInitScript(() => {
        const w = window as unknown as { heroMissing: boolean };
        w.heroMissing = false;
        let heroShown = false;
        new MutationObserver(() => {
          if (document.querySelector('h1')) heroShown = true;
          else if (heroShown) w.heroMissing = true;
        }).observe(document, { childList: true, subtree: true });
      });
      // The app's entry waits until the painted page has been measured.
      const release = await holdAppEntry(page);
      // Not until `load`: the held entry, asked for once the page is painted, may delay it.
      await page.goto(`/?lang=${hero.lang}`, { waitUntil: 'domcontentloaded' });
      await expect(page.getByRole('heading', { level: 1, name: hero.title })).toBeVisible();
      const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
      expect(dark).toBe(colorScheme === 'dark');
      await page.evaluate(() => document.fonts.ready);
      // `domcontentloaded` does not wait for the stylesheet: a loaded machine once measured the
      // painted page unstyled (the body's default margin, the picture at its natural width).
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).every(
          (link) => link.sheet,
        ),
      );
      const painted = await heroBoxes(page);
      await page.evaluate(() => {
        (window as unknown as { paintedTitle: unknown }).paintedTitle = document.querySelector('h1');
      });
      // From here on, what moves is the takeover's doing (before, the typeface's swap may move a word
      // by a fraction of a pixel, however late the font arrives on a loaded machine).
      await resetLayoutShift(page);

      release();
      await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
      // The app's own page now: one hero, one lead, one header, the same boxes.
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByText(hero.lead)).toHaveCount(1);
      await expect(page.getByRole('banner')).toHaveCount(1);
      expect(await heroBoxes(page)).toEqual(painted);
      const seen = {
        shift: await layoutShift(page),
        heroMissing: await page.evaluate(() => (window as unknown as { heroMissing: boolean }).heroMissing),
      };
      expect(seen).toEqual({ shift: 0, heroMissing: false });
      // Adopted, not rebuilt: the painted title is the app's own node (hydration).
      const adopted = await page.evaluate(
        () => document.querySelector('h1') === (window as unknown as { paintedTitle: unknown }).paintedTitle,
      );
      expect(adopted).toBe(true);
      // …and it is the app: the preferences menu opens.
      await page.getByRole('button', { name: /^(Language and appearance|Langue et apparence)/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      expect(consoleErrors).toEqual([]);
    });
  });
}
