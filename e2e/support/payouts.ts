import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The sandbox's test IBAN (its hosted onboarding page says so). */
export const TEST_IBAN = 'FR14 2004 1010 0505 0001 3M02 606';

/** Fills and submits the sandbox's hosted payout onboarding page (test mode). */
export async function completeSandboxOnboarding(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox\/connect\//);
  await page.locator('#business_name').fill('Café Lumière SARL');
  await page.locator('#iban').fill(TEST_IBAN);
  await page.locator('#iban').press('Enter');
}

/** Finishes the sandbox's hosted payout onboarding without a browser: the nest can take payments. */
export async function enablePayouts(request: APIRequestContext): Promise<void> {
  const started = await request.post('/api/v1/nests/me/payout-account');
  expect(started.ok(), await started.text()).toBe(true);
  const { url } = (await started.json()) as { url: string };
  const submitted = await request.post(url, {
    form: { business_name: 'Café Lumière SARL', iban: TEST_IBAN },
    maxRedirects: 0,
  });
  expect(submitted.status()).toBe(303);
  const accountId = new URL(url).pathname.split('/').pop()!;
  // The return page's call: our copy of the account reads the provider's state now.
  await expect
    .poll(async () => {
      const synced = await request.post(`/api/v1/payout-accounts/${encodeURIComponent(accountId)}/sync`);
      if (!synced.ok()) throw new Error(`sync: ${synced.status()} ${await synced.text()}`);
      return ((await synced.json()) as { status: string }).status;
    })
    .toBe('enabled');
}
