import type { z } from 'zod';

/**
 * A documentation example of one schema (ADR 196). Typed as what the schema gives, so an example that
 * no longer fits its schema fails the typecheck before the tests parse it.
 */
export interface Example<S extends z.ZodType = z.ZodType> {
  schema: S;
  value: z.output<S>;
  /** The answer it shows, when one schema serves several that differ (readiness: 200 and 503). */
  status?: number;
}

export function example<S extends z.ZodType>(
  schema: S,
  value: z.output<S>,
  options: { status?: number } = {},
): Example<S> {
  return { schema, value, ...options };
}

/**
 * The ids every example shares, so the reference tells one story: Café Lumière, a café in Lyon, sells
 * a "Coffee club" at 19.00 € a month; Camille Martin subscribes to it and checks in at the counter.
 */
export const exampleIds = {
  merchant: '3f6c2a1e-8b4d-4c7a-9e21-5d0b7f9a1c34',
  nest: '8d2f4b6a-1c3e-4a5b-9f7d-2e6c8a0b4d15',
  offer: 'b7e1c9d3-5a2f-4e8b-a6c4-0f3d7e9b1a26',
  offerVersion: 'c4a8e2f6-9b1d-4f3a-8e5c-7d2b0a6f9e37',
  link: 'e9b3d7f1-2c6a-4b8e-9d0f-4a1c5e7b3f48',
  customer: '5a1d9e3b-7f2c-4a6e-b8d0-1c9f3e5a7b59',
  subscription: 'f2c6a0e4-3d8b-4f1a-9c7e-6b5d2a8f0c6a',
  invoice: '7b3f1d5a-9e2c-4b7d-8a6f-0e4c8b2d6f7b',
  payment: 'a0e4c8b2-6f1d-4e9a-b3c7-5d9f1a3e7b8c',
  checkIn: 'd6a2f0c4-8e3b-4d7f-a1e5-9c3b7d1f5a9d',
  reward: '1e5b9d3f-4a7c-4e2b-8f6d-3a7e1c5b9d0e',
  event: '9c7e3a1f-5b2d-4c8e-a4f6-8e2a6c0d4b1f',
  registration: '4f8a2c6e-0d3b-4a9f-8e1c-7b5f3d9a1e20',
  apiKey: '6e0c4a8f-2b7d-4f5e-9a3c-1d7b5f9e3a31',
  webhookEndpoint: '2d6f0b4e-8a1c-4e7d-b5f3-9c1e7a3d5b42',
  webhookDelivery: '0b4e8c2a-6d9f-4b1e-a7c5-3f9b1d5e7c53',
  payoutAccount: 'acct_1QaZ3bL7mNcafe42',
} as const;
