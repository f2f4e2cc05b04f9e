import { example, exampleIds } from './example.js';
import {
  offlineCheckInsBodySchema,
  offlineSettingsBodySchema,
  offlineSnapshotSchema,
  offlineSyncResultSchema,
} from './offline.js';
import { checkIn } from './verification.examples.js';

const clientId = '7a1e5c9b-3d8f-4b2a-a6e0-9f3b7d1c5e62';

export const offlineSnapshot = example(offlineSnapshotSchema, {
  nest_id: exampleIds.nest,
  public_key: 'mZ3pQ8vL2kX9rT4wY7nB1cF6hJ0dS5gA8eU3iO2lK4q',
  generated_at: '2026-11-24T07:55:00Z',
  stale_after_minutes: 10,
  storage_key: 'Qk7rW2mX9pL4vT8nZ1cY6bF3hJ5dS0gA7eU2iO9lK3w',
  offers: [{ id: exampleIds.offer, name: 'Coffee club', grants: 'One filter coffee a day' }],
  subscriptions: [
    {
      id: exampleIds.subscription,
      offer_id: exampleIds.offer,
      status: 'active',
      current_period_start: '2026-11-12T16:20:05Z',
      current_period_end: '2026-12-12T16:20:05Z',
      cancel_at_period_end: false,
      pause_starts_at: null,
      pause_ends_at: null,
      grace_days: 3,
      allowance: { uses: 1, per: 'day' },
      used: 0,
      window_ends_at: '2026-11-24T23:00:00Z',
      last_counted_at: '2026-11-23T08:51:36Z',
    },
  ],
});

export const offlineSettings = example(offlineSettingsBodySchema, { stale_after_minutes: 30 });

export const offlineCheckIns = example(offlineCheckInsBodySchema, {
  check_ins: [
    {
      client_id: clientId,
      subscription_id: exampleIds.subscription,
      checked_at: '2026-11-24T08:47:13Z',
      result: 'eligible',
      reason: null,
    },
  ],
});

export const offlineSyncResult = example(offlineSyncResultSchema, {
  check_ins: [
    {
      client_id: clientId,
      check_in: { ...checkIn.value, undo_until: null, offline: true },
      created: true,
    },
  ],
});
