import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { appErrors } from '../support/console-errors';
import { expect, hasNoHorizontalScroll, test } from '../support/fixtures';
import { sellingMerchant } from '../support/links';
import { uniqueEmail } from '../support/merchants';

/**
 * Every state of the counter screen (search results, green, amber with the pay-now email, red) on a
 * merchant's phone (390 px) and a tablet, light and dark, English and French: nothing sticks out,
 * the banner fills the width, axe finds no violation, and a screenshot of each is kept in
 * test-results/counter-screens to look at.
 */
const devices = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  tablet: { viewport: { width: 820, height: 1180 }, isMobile: true, hasTouch: true },
} as const;

async function subscriber(request: APIRequestContext, offerId: string, name: string, extra: object = {}) {
  const added = await request.post(`/api/v1/test/offers/${offerId}/subscribers`, {
    data: { email: uniqueEmail('screen'), name, status: 'active', ...extra },
  });
  expect(added.status(), await added.text()).toBe(201);
}

async function search(page: Page, text: string) {
  await page.locator('#counter-search').fill(text);
  await page.locator('form:has(#counter-search) button[type="submit"]').click();
}

for (const [device, options] of Object.entries(devices)) {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const locale of ['en-US', 'fr-FR'] as const) {
      test.describe(`${device}, ${colorScheme}, ${locale}`, () => {
        test.use({ ...options, colorScheme, locale });

        test('every state of the verify screen', async ({ page, consoleErrors }, testInfo) => {
          test.setTimeout(120_000);
          const { offer } = await sellingMerchant(page.request, {
            plan: 'pro',
            offer: {
              trial_days: 0,
              grace_days: 3,
              usage_allowance: { uses: 2, per: 'day' },
              reward_rule: { kind: 'check_ins', every: 1, reward_name: 'Croissant' },
            },
          });
          await subscriber(page.request, offer.id, 'Ana Costa');
          await subscriber(page.request, offer.id, 'Louis Bernard', {
            status: 'past_due',
            period_started_days_ago: 1,
          });
          await subscriber(page.request, offer.id, 'Louise Martin', {
            status: 'past_due',
            period_started_days_ago: 9,
          });
          const violations: string[] = [];
          const shot = async (state: string) => {
            expect(await hasNoHorizontalScroll(page)).toBe(true);
            violations.push(...(await axeViolations(page)).map((line) => `${state}: ${line}`));
            await page.screenshot({
              path: path.join(
                testInfo.project.outputDir,
                'counter-screens',
                `${device}-${colorScheme}-${locale}-${state}.png`,
              ),
              fullPage: true,
            });
          };
          const verdict = page.getByTestId('verdict');
          const banner = page.getByTestId('verdict-banner');
          // The screen hands the focus back to the code field once the answer is gone (an effect,
          // after the paint): wait for it, or a search typed meanwhile lands in the code field.
          const next = async () => {
            await verdict.getByRole('button').last().click();
            await expect(page.locator('#pass-code')).toBeFocused();
          };
          const checkIn = (name: string) =>
            page.getByTestId('search-customer').filter({ hasText: name }).getByRole('button').click();

          await page.goto('/admin/app/verify');
          await search(page, 'lou');
          await expect(page.getByTestId('search-customer')).toHaveCount(2);
          await shot('1-search');

          await checkIn('Louis Bernard');
          await expect(banner).toHaveAttribute('data-result', 'grace');
          await verdict.getByRole('button').first().click();
          await expect(page.getByTestId('pay-now-sent')).toBeVisible();
          await shot('2-amber');
          await next();

          await search(page, 'louise');
          await checkIn('Louise Martin');
          await expect(banner).toHaveAttribute('data-result', 'not_eligible');
          await shot('3-red');
          await next();

          await search(page, 'ana');
          await checkIn('Ana Costa');
          await expect(banner).toHaveAttribute('data-result', 'eligible');
          const box = await banner.boundingBox();
          expect(box!.width).toBeGreaterThan(options.viewport.width * 0.8);
          await shot('4-green');
          await next();
          await shot('5-recent');

          // Undo the green one (the first row, newest), then a search that finds nobody.
          await page.getByTestId('check-in').first().getByRole('button').click();
          await expect(page.getByTestId('check-in').first()).toHaveText(/Undone|Annulé/);
          await search(page, 'zzz');
          await expect(page.getByRole('status').filter({ hasText: 'zzz' })).toBeVisible();
          await shot('6-undone-and-no-match');
          expect(violations).toEqual([]);
          expect(appErrors(consoleErrors)).toEqual([]);
        });
      });
    }
  }
}
