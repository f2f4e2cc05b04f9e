/** The first retry waits about this long; each further attempt doubles it. */
const BASE_DELAY_MS = 1_000;
/** No retry waits longer than this, however many attempts failed. */
const MAX_DELAY_MS = 60 * 60 * 1_000;

/**
 * Exponential backoff with ±20 % jitter, so that jobs that failed together (an outage of the
 * mail server, the payment provider) do not all come back in the same second.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1), MAX_DELAY_MS);
  const jitter = 0.8 + random() * 0.4;
  return Math.round(exponential * jitter);
}
