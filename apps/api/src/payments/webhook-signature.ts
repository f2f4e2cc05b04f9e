import { AppError } from '../lib/errors.js';
import { loadStripeSdk } from './stripe-sdk.js';

/** How old (or how far in the future) a signed delivery may be: Stripe's own default. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Signs a payload with Stripe's scheme (`t=<unix seconds>,v1=<HMAC-SHA256 of "t.payload">`), so the
 * sandbox's deliveries are verified by exactly the code that verifies Stripe's.
 */
export async function signWebhookPayload(
  payload: string,
  secret: string,
  now: Date = new Date(),
): Promise<string> {
  const Stripe = await loadStripeSdk();
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(now.getTime() / 1000),
  });
}

function headerTimestamp(header: string): number | undefined {
  for (const part of header.split(',')) {
    const [key, value] = part.split('=');
    if (key?.trim() === 't' && value && /^\d+$/.test(value.trim())) return Number(value.trim());
  }
  return undefined;
}

/**
 * Verifies a delivery on its raw bytes with the SDK's helper and returns the parsed event. The SDK
 * refuses a timestamp older than the tolerance; one further in the future than the tolerance is
 * refused here too, since no honest sender's clock is that far ahead.
 */
export async function verifyWebhookPayload(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  now: Date = new Date(),
): Promise<unknown> {
  if (!header || rawBody.length === 0) throw new AppError('invalid_signature');
  const timestamp = headerTimestamp(header);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (timestamp === undefined || timestamp - nowSeconds > WEBHOOK_TOLERANCE_SECONDS) {
    throw new AppError('invalid_signature');
  }
  const Stripe = await loadStripeSdk();
  try {
    return Stripe.webhooks.constructEvent(
      rawBody,
      header,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      now.getTime(),
    );
  } catch (error) {
    throw new AppError('invalid_signature', { cause: error });
  }
}
