import { example, exampleIds } from './example.js';
import {
  createLinkBodySchema,
  linkListSchema,
  linkSchema,
  publicLinkSchema,
  updateLinkBodySchema,
} from './links.js';

const nestLinkId = 'Lm7qX2vR9kTw';

export const createLinkBody = example(createLinkBodySchema, { offer_id: exampleIds.offer, label: 'Counter' });

export const updateLinkBody = example(updateLinkBodySchema, { label: 'Counter QR' });

export const link = example(linkSchema, {
  id: exampleIds.link,
  nest_link_id: nestLinkId,
  url: `https://nest.localhost/links/${nestLinkId}`,
  label: 'Counter',
  active: true,
  offer: { id: exampleIds.offer, name: 'Coffee club', status: 'active' },
  visits: 318,
  checkouts_started: 57,
  subscriptions_won: 29,
  created_at: '2026-03-04T10:07:12Z',
  updated_at: '2026-03-04T10:07:12Z',
});

export const linkList = example(linkListSchema, { items: [link.value] });

export const publicLink = example(publicLinkSchema, {
  nest_link_id: nestLinkId,
  nest: {
    name: 'Café Lumière',
    logo_url: `/api/v1/nests/${exampleIds.nest}/logo?v=9b2e41c7d0a3`,
    category: 'cafe',
    description: 'Specialty coffee and pastries by the Saône, roasted in Lyon.',
    brand_color: '#8a4b2f',
  },
  offer: {
    name: 'Coffee club',
    description: 'Your daily filter coffee, and a pastry on us every tenth visit.',
    grants: 'One filter coffee a day',
    amount_cents: 1900,
    currency: 'EUR',
    interval: 'month',
    interval_count: 1,
    trial_days: 0,
    reward_rule: { kind: 'check_ins', every: 10, reward_name: 'A pastry of your choice' },
    usage_allowance: { uses: 1, per: 'day' },
  },
  price_version_id: exampleIds.offerVersion,
  availability: 'open',
});
