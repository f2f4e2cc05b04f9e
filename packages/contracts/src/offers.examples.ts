import { example, exampleIds } from './example.js';
import {
  createOfferBodySchema,
  offerPageSchema,
  offerPriceVersionSchema,
  offerSchema,
  updateOfferBodySchema,
} from './offers.js';

export const createOfferBody = example(createOfferBodySchema, {
  name: 'Coffee club',
  description: 'Your daily filter coffee, and a pastry on us every tenth visit.',
  grants: 'One filter coffee a day',
  amount_cents: 1900,
  interval: 'month',
  interval_count: 1,
  trial_days: 0,
  capacity: null,
  usage_allowance: { uses: 1, per: 'day' },
  reward_rule: { kind: 'check_ins', every: 10, reward_name: 'A pastry of your choice' },
  grace_days: 3,
  customer_pause_max_periods: 2,
});

export const updateOfferBody = example(updateOfferBodySchema, {
  description: 'Your daily filter coffee or espresso, and a pastry on us every tenth visit.',
  grace_days: 5,
});

const priceVersion = example(offerPriceVersionSchema, {
  id: exampleIds.offerVersion,
  version: 1,
  amount_cents: 1900,
  currency: 'EUR',
  interval: 'month',
  interval_count: 1,
  subscriber_count: 42,
  current: true,
  created_at: '2026-03-04T10:05:31Z',
});

export const offer = example(offerSchema, {
  id: exampleIds.offer,
  nest_id: exampleIds.nest,
  status: 'active',
  name: 'Coffee club',
  description: 'Your daily filter coffee, and a pastry on us every tenth visit.',
  grants: 'One filter coffee a day',
  amount_cents: 1900,
  currency: 'EUR',
  interval: 'month',
  interval_count: 1,
  trial_days: 0,
  capacity: null,
  usage_allowance: { uses: 1, per: 'day' },
  reward_rule: { kind: 'check_ins', every: 10, reward_name: 'A pastry of your choice' },
  grace_days: 3,
  customer_pause_max_periods: 2,
  subscriber_count: 42,
  current_version_id: exampleIds.offerVersion,
  versions: [priceVersion.value],
  created_at: '2026-03-04T10:05:31Z',
  updated_at: '2026-10-18T14:22:09Z',
  archived_at: null,
});

export const offerPage = example(offerPageSchema, { items: [offer.value], next_cursor: null });
