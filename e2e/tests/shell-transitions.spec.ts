import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { seedMerchantWithNest } from '../support/merchants';

interface Sample {
  titles: string[];
  phase: string | null;
  opacity: number;
}

/** Records, every animation frame, the page titles on screen and the state of their transition. */
async function recordFrames(page: Page) {
  await page.evaluate(() => {
    const samples: Sample[] = [];
    (window as unknown as { __samples: Sample[] }).__samples = samples;
    const tick = () => {
      const titles = Array.from(document.querySelectorAll('h1')).map((h) => h.textContent ?? '');
      const box = document.querySelector('h1')?.closest('[data-page-transition]');
      samples.push({
        titles,
        phase: box?.getAttribute('data-page-transition') ?? null,
        opacity: box ? Number(getComputedStyle(box).opacity) : 1,
      });
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

const samples = (page: Page) => page.evaluate(() => (window as unknown as { __samples: Sample[] }).__samples);

test('out-in: the old page fades out completely before the new one appears and fades in', async ({
  page,
}) => {
  await seedMerchantWithNest(page);
  await page.goto('/admin/app/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await page.waitForTimeout(300);
  await recordFrames(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Links' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Links');
  await page.waitForTimeout(400);
  const frames = await samples(page);

  expect(
    frames.every((f) => f.titles.length === 1),
    'never two pages on screen at once',
  ).toBe(true);
  const out = frames.filter((f) => f.titles[0] === 'Dashboard' && f.phase === 'out');
  expect(out.length, 'the old page had a fade-out').toBeGreaterThan(0);
  expect(out.at(-1)!.opacity, 'faded out completely').toBeLessThan(0.05);
  const firstNew = frames.findIndex((f) => f.titles[0] === 'Links');
  const lastOld = frames.findLastIndex((f) => f.titles[0] === 'Dashboard');
  expect(firstNew).toBeGreaterThan(lastOld);
  expect(frames[firstNew]!.opacity, 'the new page starts invisible').toBeLessThan(0.5);
  expect(frames.at(-1)).toEqual({ titles: ['Links'], phase: 'in', opacity: 1 });
});

test('changing layout fades the whole page the same way', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(300);
  await recordFrames(page);
  await page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login');
  await page.waitForTimeout(400);
  const frames = await samples(page);
  expect(frames.every((f) => f.titles.length === 1)).toBe(true);
  expect(frames.some((f) => f.phase === 'out')).toBe(true);
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'admin-centered');
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('pages swap at once, without fading', async ({ page }) => {
    await seedMerchantWithNest(page);
    await page.goto('/admin/app/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await recordFrames(page);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Prices' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prices');
    await page.waitForTimeout(200);
    const frames = await samples(page);
    expect(frames.some((f) => f.phase === 'out')).toBe(false);
    expect(frames.every((f) => f.opacity === 1)).toBe(true);
  });
});

test('after a navigation the focus moves to the new page’s content', async ({ page }) => {
  await seedMerchantWithNest(page);
  await page.goto('/admin/app/dashboard');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Verify' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verify');
  await expect(page.locator('#main-content')).toBeFocused();
});
