import type { CreateNestBody, Nest } from '@nest/contracts';
import type { FastifyInstance } from 'fastify';
import type { SignedInMerchant } from '../fixtures/merchants.js';

export const validNest = (overrides: Partial<CreateNestBody> = {}): CreateNestBody => ({
  name: 'Café Lumière',
  category: 'cafe',
  description: 'Coffee subscriptions in the 11th.',
  address: { line1: '12 rue Oberkampf', postal_code: '75011', city: 'Paris', country: 'FR' },
  time_zone: 'Europe/Paris',
  ...overrides,
});

/** Creates the merchant's nest through the API, as onboarding does. */
export async function createNestFor(
  app: FastifyInstance,
  merchant: SignedInMerchant,
  overrides: Partial<CreateNestBody> = {},
): Promise<Nest> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/nests',
    cookies: merchant.cookies,
    payload: validNest(overrides),
  });
  if (response.statusCode !== 201)
    throw new Error(`nest not created: ${response.statusCode} ${response.body}`);
  return response.json();
}
