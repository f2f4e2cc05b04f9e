import type Stripe from 'stripe';

let sdk: Promise<typeof Stripe> | undefined;

/**
 * The Stripe SDK's client class, loaded when first needed (Stripe is the provider, or a webhook
 * delivery is signed or verified) rather than by every start: it is one of the largest modules the
 * API loads (ADR 223).
 */
export function loadStripeSdk(): Promise<typeof Stripe> {
  sdk ??= import('stripe').then((module) => module.default);
  return sdk;
}
