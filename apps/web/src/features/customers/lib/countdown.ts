/** How long a new code must wait after the last one was asked for. */
export const RESEND_AFTER_SECONDS = 60;

/** Whole seconds left until `until` (rounded up, never negative): 60 … 1, then 0 = "you may resend". */
export function secondsLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** The moment a code asked for at `sentAt` may be asked for again. */
export function resendAllowedAt(sentAt: number, seconds = RESEND_AFTER_SECONDS): number {
  return sentAt + seconds * 1000;
}
