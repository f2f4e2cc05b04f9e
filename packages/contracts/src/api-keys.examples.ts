import { apiKeyListSchema, apiKeySchema, createApiKeyBodySchema, createdApiKeySchema } from './api-keys.js';
import { example, exampleIds } from './example.js';

export const createApiKeyBody = example(createApiKeyBodySchema, {
  name: 'Till sync (Lightspeed)',
  scopes: ['customers:read', 'subscriptions:read', 'verification:write'],
  expires_at: null,
});

export const apiKey = example(apiKeySchema, {
  id: exampleIds.apiKey,
  name: 'Till sync (Lightspeed)',
  prefix: 'nest_live_Vx3q',
  mode: 'live',
  scopes: ['customers:read', 'subscriptions:read', 'verification:write'],
  expires_at: null,
  last_used_at: '2026-11-24T08:47:13Z',
  revoked_at: null,
  created_at: '2026-11-03T14:02:51Z',
});

export const createdApiKey = example(createdApiKeySchema, {
  ...apiKey.value,
  last_used_at: null,
  key: 'nest_live_Vx3qT8mZ2kR7wY4nB9cL1pF6hJ0dS5gA3eU8iO2vK7x',
});

export const apiKeyList = example(apiKeyListSchema, { api_keys: [apiKey.value], enabled: true });
