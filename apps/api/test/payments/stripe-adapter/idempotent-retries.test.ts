import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../fake-stripe.js';
import { providerFor, USER } from './support.js';

describe('the Stripe adapter, against a local stand-in for Stripe’s API', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('retries a failed create with the same idempotency key, so Stripe makes it once', async () => {
    let calls = 0;
    fake.on('POST', '/v1/customers', () =>
      ++calls === 1
        ? { status: 500, body: { error: { type: 'api_error', message: 'Try again' } } }
        : { body: { id: 'cus_9', object: 'customer', email: 'a@example.com' } },
    );
    const customer = await providerFor(fake, 1).createCustomer(
      { ownerId: USER, email: 'a@example.com', name: 'A', locale: 'en-US', metadata: {} },
      { idempotencyKey: 'nest:plan-customer:retry' },
    );
    expect(customer.id).toBe('cus_9');
    const sent = fake.sent('POST', '/v1/customers');
    expect(sent).toHaveLength(2);
    expect(sent.map((r) => r.headers['idempotency-key'])).toEqual([
      'nest:plan-customer:retry',
      'nest:plan-customer:retry',
    ]);
  });
});
