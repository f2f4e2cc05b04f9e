import { example, exampleIds } from './example.js';
import { merchantSchema, signupBodySchema, updateMerchantBodySchema } from './merchants.js';

export const signupBody = example(signupBodySchema, {
  email: 'julie@cafe-lumiere.fr',
  password: 'croissant-saone-1987',
  name: 'Julie Moreau',
  locale: 'fr-FR',
  time_zone: 'Europe/Paris',
});

export const updateMerchantBody = example(updateMerchantBodySchema, { name: 'Julie Moreau-Lefèvre' });

export const merchant = example(merchantSchema, {
  id: exampleIds.merchant,
  email: 'julie@cafe-lumiere.fr',
  name: 'Julie Moreau',
  locale: 'fr-FR',
  time_zone: 'Europe/Paris',
  onboarded_at: '2026-03-02T09:12:44Z',
  created_at: '2026-03-02T08:57:10Z',
  subscription: {
    plan: 'enterprise',
    status: 'active',
    next_payment_at: '2026-12-02T08:57:10Z',
    cancel_at_period_end: false,
  },
});
