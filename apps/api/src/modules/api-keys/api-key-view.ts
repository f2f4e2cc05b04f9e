import type { ApiKey, ApiKeyScope } from '@nest/contracts';
import type { apiKeys } from '../../db/schema/index.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export function apiKeyView(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    mode: row.mode,
    scopes: row.scopes as ApiKeyScope[],
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
