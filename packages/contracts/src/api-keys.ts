import { z } from 'zod';
import { text } from './text.js';

/** The domains an API key can be given, each read-only or read-write (ADR 175). */
export const apiKeyDomains = [
  'customers',
  'subscriptions',
  'offers',
  'links',
  'verification',
  'transactions',
] as const;
export type ApiKeyDomain = (typeof apiKeyDomains)[number];
export const apiKeyAccesses = ['read', 'write'] as const;
export type ApiKeyAccess = (typeof apiKeyAccesses)[number];

/** A scope as keys carry it and the OpenAPI document names it: `customers:read`, `offers:write`. */
export const apiKeyScopes = apiKeyDomains.flatMap((domain) =>
  apiKeyAccesses.map((access) => `${domain}:${access}` as const),
);
export type ApiKeyScope = `${ApiKeyDomain}:${ApiKeyAccess}`;
export const apiKeyScopeSchema = z.enum(apiKeyScopes as [ApiKeyScope, ...ApiKeyScope[]]);

/** Every key starts with one of these; the rest is 32 random bytes in base64url. */
export const API_KEY_LIVE_PREFIX = 'nest_live_';
export const API_KEY_TEST_PREFIX = 'nest_test_';
export const API_KEY_PATTERN = /^nest_(live|test)_[A-Za-z0-9_-]{43}$/;
/** At most this many keys that are not revoked, per merchant. */
export const API_KEYS_MAX = 20;
/** Requests a key may make per minute before 429. */
export const API_KEY_RATE_LIMIT_PER_MINUTE = 600;

export const createApiKeyBodySchema = z
  .object({
    name: text().trim().min(1).max(80),
    scopes: z.array(apiKeyScopeSchema).min(1).max(apiKeyScopes.length),
    /** When the key stops working; null or absent: never. */
    expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .strict();
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The first characters of the key (`nest_live_AbCd`), to recognise it; the rest is never shown again. */
  prefix: z.string(),
  mode: z.enum(['live', 'test']),
  scopes: z.array(apiKeyScopeSchema),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer of a creation: the key itself, this once. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({
  api_keys: z.array(apiKeySchema),
  /** Whether the merchant's plan gives API access now (keys of a downgraded merchant stay listed). */
  enabled: z.boolean(),
});
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const apiKeyIdParamsSchema = z.object({ id: z.uuid() }).strict();
