import {
  checkoutSessionViewSchema,
  checkoutStartedSchema,
  passSchema,
  startCheckoutBodySchema,
} from './checkout.js';
import { example, exampleIds } from './example.js';

export const startCheckoutBody = example(startCheckoutBodySchema, {
  email: 'camille.martin@example.com',
  name: 'Camille Martin',
  price_version_id: exampleIds.offerVersion,
  locale: 'fr-FR',
});

export const checkoutStarted = example(checkoutStartedSchema, {
  url: 'https://checkout.stripe.com/c/pay/cs_live_b1CoffeeClub9Xk4Lm2Qr7#fidkdWxOYHwnPyd1blpxYHZxWjA0',
});

/** A pass signed at 09:30:00 UTC: refused from 09:31:00, a new one from 09:30:30 (30-second steps). */
export const pass = example(passSchema, {
  token:
    'Ao0vS2ocPkpbn30ubIoLTRXyxqDkPYtPGpx-a10qjwxqA5E-tPUNkXuw6eUIRklaMh0IsEUuQcqAZ2uOis_Q7MXRtepVW6NgxMMRoC6x4odQlLRNTrKjSXkub3Q7QJNMPMirepo',
  code: '7KQ2XM9D',
  expires_at: '2026-11-24T09:31:00Z',
  refresh_at: '2026-11-24T09:30:30Z',
});

export const checkoutSessionView = example(checkoutSessionViewSchema, {
  status: 'complete',
  nest: { name: 'Café Lumière' },
  offer: { name: 'Coffee club' },
  customer: { first_name: 'Camille' },
  subscription: {
    id: exampleIds.subscription,
    status: 'active',
    current_period_end: '2026-12-12T16:20:05Z',
  },
  pass: pass.value,
});
