import type { CreateOfferBody, Offer, PlanId } from '@nest/contracts';
import type { FastifyInstance } from 'fastify';
import { type SignedInMerchant, seedMerchant } from '../fixtures/merchants.js';
import { createNestFor } from '../nests/support.js';

export const validOffer = (overrides: Partial<CreateOfferBody> = {}): CreateOfferBody => ({
  name: 'Coffee every morning',
  description: 'One filter coffee a day.',
  grants: 'One filter coffee per day, at the counter',
  amount_cents: 2900,
  interval: 'month',
  interval_count: 1,
  ...overrides,
});

/** A signed-in merchant on a plan, with a nest. */
export async function merchantWithNest(app: FastifyInstance, plan: PlanId | null = 'starter') {
  const merchant = await seedMerchant(app, { plan });
  const nest = await createNestFor(app, merchant);
  return { ...merchant, nest };
}

export function postOffer(
  app: FastifyInstance,
  merchant: SignedInMerchant,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/offers',
    cookies: merchant.cookies,
    headers,
    payload: payload as object,
  });
}

export async function createOfferFor(
  app: FastifyInstance,
  merchant: SignedInMerchant,
  overrides: Partial<CreateOfferBody> = {},
): Promise<Offer> {
  const response = await postOffer(app, merchant, validOffer(overrides));
  if (response.statusCode !== 201)
    throw new Error(`offer not created: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Attaches a subscriber to the offer's current version (or a given one) through the test route. */
export async function addSubscriber(
  app: FastifyInstance,
  offerId: string,
  body: {
    status?: string;
    version?: number;
    email?: string;
    name?: string;
    period_started_days_ago?: number;
  } = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/test/offers/${offerId}/subscribers`,
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`subscriber not added: ${response.body}`);
  return response.json() as { subscription_id: string; offer_price_id: string; version: number };
}
