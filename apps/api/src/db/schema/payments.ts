import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, provider, tz } from './columns.js';

/**
 * Every webhook event received, stored once by (provider, event id). Inserting the row and applying
 * the event happen in one transaction, so a duplicate delivery finds the row and changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    provider: provider(),
    eventId: text('event_id').notNull(),
    /** The provider's own event type (customer.subscription.updated...). */
    type: text('type').notNull(),
    /** The provider-neutral type we acted on, or null when the event is not one we use. */
    neutralType: text('neutral_type'),
    objectId: text('object_id'),
    /** Connected account the event happened on; null for the platform's own objects (the merchant's plan). */
    accountId: text('account_id'),
    occurredAt: tz('occurred_at').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_events_provider_event_idx').on(t.provider, t.eventId),
    index('payment_events_object_idx').on(t.objectId),
  ],
);
