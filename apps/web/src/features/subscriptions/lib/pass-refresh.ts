import type { Pass } from '@nest/contracts';

/** Never ask for a pass more often than this, even if the device's clock is far ahead of the server's. */
export const MIN_PASS_REFRESH_MS = 1_000;
/** Never wait longer than one time step, even if the device's clock is far behind. */
export const MAX_PASS_REFRESH_MS = 30_000;

/** How long until the next pass exists (its `refresh_at`), kept within one time step. */
export function nextPassRefreshMs(pass: Pass | undefined, now = Date.now()): number | false {
  if (!pass) return false;
  const wait = Date.parse(pass.refresh_at) - now;
  if (Number.isNaN(wait)) return MAX_PASS_REFRESH_MS;
  return Math.min(MAX_PASS_REFRESH_MS, Math.max(MIN_PASS_REFRESH_MS, wait));
}
