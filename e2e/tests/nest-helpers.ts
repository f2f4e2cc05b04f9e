import { expect, type Page } from '@playwright/test';
import { PNG } from 'pngjs';

import { uniqueEmail } from '../support/merchants';

export { uniqueEmail };

/**
 * Seeding and small helpers of the nest journeys (create-nest onboarding, payouts, prices). Data is
 * made through the API from the page's own context, so the session cookies are the browser's.
 */

/** The sandbox's test IBAN (its hosted onboarding page says so). */
export const TEST_IBAN = 'FR14 2004 1010 0505 0001 3M02 606';

export interface SeededMerchant {
  id: string;
  email: string;
}

/**
 * A paid merchant who has not created a nest yet, signed in in this page. The call is made with the
 * page's fetch (from one of our pages), exactly as the browser would send it.
 */
export async function seedMerchant(
  page: Page,
  options: { plan?: 'starter' | 'pro' | 'enterprise'; locale?: 'en-US' | 'fr-FR'; label?: string } = {},
): Promise<SeededMerchant> {
  if (!page.url().startsWith('http')) await page.goto('/legal');
  const email = uniqueEmail(options.label ?? options.plan ?? 'pro');
  const merchant = await page.evaluate(
    async (body) => {
      const response = await fetch('/api/v1/test/merchants', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        credentials: 'include',
      });
      if (response.status !== 201)
        throw new Error(`seed failed: ${response.status} ${await response.text()}`);
      return (await response.json()) as { id: string };
    },
    { email, plan: options.plan ?? 'pro', onboarded: false, locale: options.locale ?? 'en-US' },
  );
  return { id: merchant.id, email };
}

/** Calls our API from the page (same origin, the merchant's cookies) and answers status and JSON. */
export async function apiFromPage<T = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'include',
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  ) as Promise<{ status: number; body: T }>;
}

/** A nest made through the API, for tests that start after onboarding. */
export async function createNestThroughApi(page: Page, name = 'Atelier Nord'): Promise<void> {
  const created = await apiFromPage(page, 'POST', '/api/v1/nests', {
    name,
    category: 'shop',
    address: { line1: '3 quai des Chartrons', postal_code: '33000', city: 'Bordeaux', country: 'FR' },
    time_zone: 'Europe/Paris',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
}

/** A PNG logo larger than the app keeps (so the browser shrinks it before sending). */
export function logoPng(width = 900, height = 600): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (width * y + x) << 2;
      png.data[i] = 20 + (x * 200) / width;
      png.data[i + 1] = 120;
      png.data[i + 2] = 20 + (y * 200) / height;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** Fills and submits the sandbox's hosted payout onboarding page (test mode). */
export async function completeSandboxOnboarding(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox\/connect\//);
  await page.locator('#business_name').fill('Café Lumière SARL');
  await page.locator('#iban').fill(TEST_IBAN);
  await page.locator('#iban').press('Enter');
}

/** True when nothing sticks out sideways (a phone layout must never scroll horizontally). */
export async function hasNoHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/**
 * Console errors a test did not provoke. Chromium logs every 4xx answer as a console error; a test
 * that provokes one on purpose (a foreign account id, a refused plan) names its status.
 */
export function unexpectedErrors(errors: Array<{ text: string }>, expectedStatuses: number[]) {
  return errors.filter(
    (error) =>
      !expectedStatuses.some((status) =>
        error.text.includes(`the server responded with a status of ${status}`),
      ),
  );
}
