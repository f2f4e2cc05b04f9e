import { example, exampleIds } from './example.js';
import {
  createNestBodySchema,
  nestAddressSchema,
  nestLegalSchema,
  nestSchema,
  updateNestBodySchema,
} from './nests.js';
import { payoutAccount } from './payouts.examples.js';

const address = example(nestAddressSchema, {
  line1: '12 rue de la République',
  line2: null,
  postal_code: '69002',
  city: 'Lyon',
  country: 'FR',
});

export const createNestBody = example(createNestBodySchema, {
  name: 'Café Lumière',
  category: 'cafe',
  description: 'Specialty coffee and pastries by the Saône, roasted in Lyon.',
  brand_color: '#8a4b2f',
  address: address.value,
  time_zone: 'Europe/Paris',
  currency: 'EUR',
});

export const updateNestBody = example(updateNestBodySchema, {
  description: 'Specialty coffee, pastries and Sunday brunch by the Saône.',
  legal: { name: 'Lumière SARL', vat_number: 'FR40123456789', vat_rate_bps: 1000 },
});

const legal = example(nestLegalSchema, {
  name: 'Lumière SARL',
  address: '12 rue de la République, 69002 Lyon, France',
  vat_number: 'FR40123456789',
  vat_rate_bps: 1000,
});

export const nest = example(nestSchema, {
  id: exampleIds.nest,
  slug: 'cafe-lumiere',
  name: 'Café Lumière',
  category: 'cafe',
  description: 'Specialty coffee and pastries by the Saône, roasted in Lyon.',
  brand_color: '#8a4b2f',
  address: address.value,
  time_zone: 'Europe/Paris',
  currency: 'EUR',
  logo_url: `/api/v1/nests/${exampleIds.nest}/logo?v=9b2e41c7d0a3`,
  payout: payoutAccount.value,
  legal: legal.value,
  created_at: '2026-03-02T09:12:44Z',
  updated_at: '2026-11-20T16:40:03Z',
});
