import type { Merchant } from '@nest/contracts';

/** For unit tests only: a merchant in a given state, and the API's answers as fetch would give them. */
export function aMerchant(overrides: Partial<Merchant> = {}): Merchant {
  return {
    id: '5d0f7c1e-8d3a-4f55-9b8e-0d6c2f7a1b11',
    email: 'lune@example.com',
    name: 'Café Lune',
    locale: 'fr-FR',
    time_zone: 'Europe/Paris',
    onboarded_at: '2026-01-02T09:00:00.000Z',
    created_at: '2026-01-01T10:00:00.000Z',
    subscription: {
      plan: 'pro',
      status: 'active',
      next_payment_at: '2999-01-01T00:00:00.000Z',
      cancel_at_period_end: false,
    },
    ...overrides,
  };
}

export function jsonResponse(status: number, body: unknown): Response {
  const type = status >= 400 ? 'application/problem+json' : 'application/json';
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': type },
  });
}

export function problemResponse(
  status: number,
  code: string,
  detail = 'Nope.',
  errors?: unknown[],
): Response {
  return jsonResponse(status, {
    type: `https://nest.localhost/problems/${code}`,
    title: code,
    status,
    detail,
    code,
    ...(errors ? { errors } : {}),
  });
}
