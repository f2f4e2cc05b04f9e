import { expect, type Locator } from '@playwright/test';

/**
 * Waits until `layer` (a dialog, drawer or menu) is open and holds the focus, before a test presses
 * Escape in it. Radix moves the focus in and starts listening for Escape in the same effects, and
 * Preact runs effects after the paint: a key pressed as soon as the layer shows can come before them
 * on a busy machine and go unheard (a user cannot press that fast; two tests did in CI).
 */
export async function expectOpenWithFocus(layer: Locator): Promise<void> {
  await expect(layer).toBeVisible();
  await expect.poll(() => layer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
}
