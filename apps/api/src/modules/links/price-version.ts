import { hash } from 'node:crypto';
import type { PublicLinkRead } from './read-public-link.js';

/**
 * The price_version_id the public page hands out: the version's id and a fingerprint of what it
 * charges. An edit either makes a new version (new id) or, when nobody ever subscribed, changes
 * the version in place with a new provider price (new fingerprint): both are seen as a change.
 */
export function priceVersionId(price: PublicLinkRead['price']): string {
  // One-shot (every public link answer computes it): a Hash object cost 3–4 times as much.
  const fingerprint = hash(
    'sha256',
    [price.providerPriceId, price.amountCents, price.currency, price.interval, price.intervalCount].join('|'),
    'base64url',
  ).slice(0, 10);
  return `${price.id}.${fingerprint}`;
}

/** True when the visitor is about to pay exactly the price they were shown. */
export function isCurrentPrice(submitted: string, price: PublicLinkRead['price']): boolean {
  return submitted === priceVersionId(price);
}
