import { expect, type Page } from '@playwright/test';

export { uniqueEmail } from '../support/merchants';

/** Stripe's test cards, as the sandbox knows them (DESIGN.md §3). */
export const cards = {
  succeeds: '4242 4242 4242 4242',
  failsAtRenewal: '4000 0000 0000 0341',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

/** An address no other test uses, so every test starts with a merchant of its own. */

/**
 * Creates a merchant in a chosen state and signs them in, from the page (so the session cookies land
 * in the browser), through the test-only route production never mounts.
 */
export async function seedMerchant(page: Page, body: Record<string, unknown>): Promise<{ id: string }> {
  if (!page.url().startsWith('http')) await page.goto('/legal');
  return page.evaluate(async (payload) => {
    const response = await fetch('/api/v1/test/merchants', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      credentials: 'include',
    });
    if (response.status !== 201) throw new Error(`seed failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string };
  }, body);
}

/** Moves the signed-in merchant's sandbox billing clock forward, from the page like the app would. */
export async function advanceSandboxClock(page: Page, days: number) {
  return page.evaluate(async (count) => {
    const response = await fetch('/api/v1/sandbox/clock/advance', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ days: count }),
      credentials: 'include',
    });
    if (!response.ok) throw new Error(`clock advance failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as { renewed: number; failed_payments: number };
  }, days);
}

/** Fills the sandbox's hosted card page (checkout or new card) and submits it with the keyboard. */
export async function payOnSandboxPage(page: Page, card: string) {
  await expect(page).toHaveURL(/\/sandbox\/(checkout|pay)\//);
  await page.locator('#card_number').fill(card);
  await page.locator('#card_expiry').fill('12 / 34');
  await page.locator('#card_cvc').fill('123');
  await page.locator('#card_name').fill('Camille Martin');
  await page.locator('#card_name').press('Enter');
}

/** Creates the signed-in merchant's nest through the API (onboarding done), from the page. */
export async function createNest(page: Page): Promise<void> {
  const status = await page.evaluate(async () => {
    const response = await fetch('/api/v1/nests', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Café des Tilleuls',
        category: 'cafe',
        address: { line1: '12 rue des Tilleuls', postal_code: '69001', city: 'Lyon', country: 'FR' },
      }),
      credentials: 'include',
    });
    return response.status;
  });
  expect(status, 'nest created').toBe(201);
}
