import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { openOurOrigin } from './page-api';

/** Stripe's test cards, as the sandbox knows them (docs/product.md §5). */
export const cards = {
  succeeds: '4242 4242 4242 4242',
  failsAtRenewal: '4000 0000 0000 0341',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

/** Moves the signed-in merchant's sandbox billing clock forward, from the page like the app would. */
export async function advanceSandboxClock(page: Page, days: number) {
  await openOurOrigin(page);
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
