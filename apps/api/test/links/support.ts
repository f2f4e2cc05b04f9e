import type { CreateOfferBody, Link, Offer, PlanId, PublicLink } from '@nest/contracts';
import type { FastifyInstance } from 'fastify';
import { type SignedInMerchant, seedMerchant } from '../fixtures/merchants.js';
import { createNestFor } from '../nests/support.js';
import { createOfferFor } from '../offers/support.js';
import { CARDS, submitCard } from '../payments/support.js';

const IBAN = 'FR14 2004 1010 0505 0001 3M02 606';

/** Finishes the sandbox's hosted payout onboarding, as the merchant would: charges and payouts on. */
export async function enablePayouts(app: FastifyInstance, merchant: SignedInMerchant): Promise<string> {
  const started = await app.inject({
    method: 'POST',
    url: '/api/v1/nests/me/payout-account',
    cookies: merchant.cookies,
  });
  if (started.statusCode !== 200) throw new Error(`onboarding: ${started.statusCode} ${started.body}`);
  const url = new URL(started.json().url);
  const submitted = await app.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ business_name: 'Café Lumière SARL', iban: IBAN }).toString(),
  });
  if (submitted.statusCode !== 303) throw new Error(`onboarding form: ${submitted.statusCode}`);
  await app.jobs.drain();
  return url.pathname.split('/').pop()!;
}

export interface SellingMerchant extends SignedInMerchant {
  offer: Offer;
  accountId: string | null;
}

/** A merchant on a plan with a nest, an offer and (unless told otherwise) payouts enabled. */
export async function sellingMerchant(
  app: FastifyInstance,
  options: {
    plan?: PlanId | null;
    timeZone?: string;
    payouts?: boolean;
    offer?: Partial<CreateOfferBody>;
  } = {},
): Promise<SellingMerchant> {
  const merchant = await seedMerchant(app, {
    plan: options.plan === undefined ? 'starter' : options.plan,
    onboarded: true,
    ...(options.timeZone ? { time_zone: options.timeZone } : {}),
  });
  await createNestFor(app, merchant);
  const offer = await createOfferFor(app, merchant, options.offer);
  const accountId = options.payouts === false ? null : await enablePayouts(app, merchant);
  return { ...merchant, offer, accountId };
}

export function postLink(app: FastifyInstance, merchant: SignedInMerchant, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/links',
    cookies: merchant.cookies,
    payload: payload as object,
  });
}

export async function createLinkFor(
  app: FastifyInstance,
  merchant: SignedInMerchant,
  offerId: string,
  label = 'Counter',
): Promise<Link> {
  const response = await postLink(app, merchant, { offer_id: offerId, label });
  if (response.statusCode !== 201) throw new Error(`link: ${response.statusCode} ${response.body}`);
  return response.json();
}

export function getPublicLink(
  app: FastifyInstance,
  nestLinkId: string,
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'GET', url: `/api/v1/public/links/${nestLinkId}`, headers });
}

export async function readPublicLink(app: FastifyInstance, nestLinkId: string): Promise<PublicLink> {
  const response = await getPublicLink(app, nestLinkId);
  if (response.statusCode !== 200) throw new Error(`public link: ${response.statusCode} ${response.body}`);
  return response.json();
}

export function postCheckout(
  app: FastifyInstance,
  nestLinkId: string,
  payload: unknown,
  options: { headers?: Record<string, string>; ip?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/public/links/${nestLinkId}/checkout`,
    payload: payload as object,
    headers: options.headers ?? {},
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

/** Reads the public page, then starts a checkout with the price it showed. */
export async function startLinkCheckout(
  app: FastifyInstance,
  nestLinkId: string,
  customer: { email: string; name?: string; locale?: 'en-US' | 'fr-FR' },
): Promise<{ url: string; path: string; sessionId: string }> {
  const page = await readPublicLink(app, nestLinkId);
  const response = await postCheckout(app, nestLinkId, {
    email: customer.email,
    name: customer.name ?? 'Jeanne Dupont',
    price_version_id: page.price_version_id,
    ...(customer.locale ? { locale: customer.locale } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`checkout: ${response.statusCode} ${response.body}`);
  const url = new URL(response.json().url);
  return { url: url.toString(), path: url.pathname, sessionId: url.pathname.split('/').pop()! };
}

/** Pays the sandbox's hosted checkout page with a card; answers where it sends the buyer. */
export async function payCheckout(app: FastifyInstance, path: string, card: string = CARDS.ok) {
  const paid = await submitCard(app, path, card);
  if (paid.statusCode !== 303) throw new Error(`payment: ${paid.statusCode} ${paid.body.slice(0, 300)}`);
  await app.jobs.drain();
  return new URL(paid.headers.location as string);
}

/** A link through which a customer subscribed and paid: the whole journey. */
export async function subscribeThroughLink(
  app: FastifyInstance,
  nestLinkId: string,
  customer: { email: string; name?: string; locale?: 'en-US' | 'fr-FR' },
) {
  const checkout = await startLinkCheckout(app, nestLinkId, customer);
  const returned = await payCheckout(app, checkout.path);
  return { ...checkout, returned };
}
