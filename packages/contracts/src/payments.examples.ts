import { example, exampleIds } from './example.js';
import {
  clockAdvanceBodySchema,
  clockAdvanceResultSchema,
  redirectUrlSchema,
  webhookAckSchema,
} from './payments.js';

export const redirectUrl = example(redirectUrlSchema, {
  url: `https://connect.stripe.com/setup/e/${exampleIds.payoutAccount}/Xb8kQm2ZrT4v`,
});

export const clockAdvanceBody = example(clockAdvanceBodySchema, { days: 30 });

export const clockAdvanceResult = example(clockAdvanceResultSchema, {
  now: '2026-12-24T09:30:00Z',
  offset_days: 30,
  renewed: 41,
  retried: 2,
  failed_payments: 1,
  canceled: 1,
  payouts: 4,
});

export const webhookAck = example(webhookAckSchema, { received: true, duplicate: false });
