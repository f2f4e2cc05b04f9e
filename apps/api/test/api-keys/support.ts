import type { ApiKeyScope, CreatedApiKey } from '@nest/contracts';
import type { FastifyInstance } from 'fastify';
import type { SignedInMerchant } from '../fixtures/merchants.js';

/** Creates a key through the merchant's session, as the settings screen does. */
export async function createKey(
  app: FastifyInstance,
  merchant: SignedInMerchant,
  scopes: ApiKeyScope[],
  extra: { name?: string; expires_at?: string | null } = {},
): Promise<CreatedApiKey> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/nests/me/api-keys',
    cookies: merchant.cookies,
    payload: { name: extra.name ?? 'Till sync', scopes, ...extra },
  });
  if (response.statusCode !== 201)
    throw new Error(`key not created: ${response.statusCode} ${response.body}`);
  return response.json();
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
