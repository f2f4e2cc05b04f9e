import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tz } from './columns.js';
import { users } from './merchants.js';
import { nests } from './nests.js';

/**
 * A merchant's API keys (ADR 175): stored only as the SHA-256 hash of the key, with its first
 * characters to recognise it. Scoped to the merchant's nest; revoked keys stay listed.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nestId: uuid('nest_id')
      .notNull()
      .references(() => nests.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    mode: text('mode', { enum: ['live', 'test'] }).notNull(),
    keyHash: text('key_hash').notNull().unique(),
    scopes: text('scopes').array().notNull(),
    expiresAt: tz('expires_at'),
    lastUsedAt: tz('last_used_at'),
    revokedAt: tz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('api_keys_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Where a merchant wants events sent (ADR 176). The secret signs every delivery (Standard Webhooks):
 * it must be read to sign, so it is stored as given (shown to the merchant once).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nestId: uuid('nest_id')
      .notNull()
      .references(() => nests.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().notNull(),
    secret: text('secret').notNull(),
    disabledAt: tz('disabled_at'),
    disabledReason: text('disabled_reason', { enum: ['failing', 'merchant'] }),
    deletedAt: tz('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_nest_idx').on(t.nestId)],
);

/** One event a nest emitted, written in the transaction of the change it tells (the outbox). */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    nestId: uuid('nest_id')
      .notNull()
      .references(() => nests.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_events_nest_idx').on(t.nestId, t.createdAt)],
);

/**
 * One event for one endpoint: its id is the `webhook-id` header of every attempt and replay. The job
 * runner sends it; each attempt updates the row (the endpoint's deliveries log).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Attempts of the current round: a replay starts a new round of retries. */
    roundAttempts: integer('round_attempts').notNull().default(0),
    round: integer('round').notNull().default(0),
    responseStatus: integer('response_status'),
    latencyMs: integer('latency_ms'),
    error: text('error'),
    nextAttemptAt: tz('next_attempt_at'),
    deliveredAt: tz('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_idx').on(t.endpointId, t.eventId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);
