import type { PlanId } from '@nest/contracts';
import type { FastifyInstance } from 'fastify';
import type { SignedInMerchant } from '../fixtures/merchants.js';

export const CARDS = {
  ok: '4242 4242 4242 4242',
  failsAtRenewal: '4000 0000 0000 0341',
  insufficientFunds: '4000 0000 0000 9995',
  declined: '4000 0000 0000 0002',
} as const;

/** A form body as a browser sends it. */
export function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

export function cardForm(number: string, overrides: Record<string, string> = {}): string {
  return form({
    card_number: number,
    card_expiry: '12 / 34',
    card_cvc: '123',
    card_name: 'Camille Martin',
    ...overrides,
  });
}

/** POST /users/{id}/plan/checkout: the hosted page's path and the session id. */
export async function startCheckout(
  app: FastifyInstance,
  merchant: SignedInMerchant,
  plan: PlanId = 'starter',
) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/users/${merchant.user.id}/plan/checkout`,
    cookies: merchant.cookies,
    payload: { plan },
  });
  if (response.statusCode !== 200) throw new Error(`checkout: ${response.statusCode} ${response.body}`);
  const { url, session_id } = response.json() as { url: string; session_id: string };
  return { url, path: new URL(url).pathname, sessionId: session_id };
}

/** Submits the hosted card page as a browser would. */
export function submitCard(
  app: FastifyInstance,
  path: string,
  number: string,
  overrides: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: cardForm(number, overrides),
  });
}

/** Signs up for a plan and pays it on the sandbox page with a card. */
export async function subscribe(
  app: FastifyInstance,
  merchant: SignedInMerchant,
  plan: PlanId = 'starter',
  card: string = CARDS.ok,
) {
  const checkout = await startCheckout(app, merchant, plan);
  const paid = await submitCard(app, checkout.path, card);
  if (paid.statusCode !== 303) throw new Error(`payment: ${paid.statusCode} ${paid.body.slice(0, 300)}`);
  await app.jobs.drain();
  return checkout;
}

export async function getPlan(app: FastifyInstance, merchant: SignedInMerchant) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/users/${merchant.user.id}/get-plan`,
    cookies: merchant.cookies,
  });
  if (response.statusCode !== 200) throw new Error(`get-plan: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function advanceClock(app: FastifyInstance, merchant: SignedInMerchant, days: number) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/sandbox/clock/advance',
    cookies: merchant.cookies,
    payload: { days },
  });
  if (response.statusCode !== 200) throw new Error(`clock: ${response.statusCode} ${response.body}`);
  await app.jobs.drain();
  return response.json();
}

const DAY = 24 * 60 * 60 * 1000;
export const daysFromNow = (iso: string) => (new Date(iso).getTime() - Date.now()) / DAY;

/** Advances the merchant's clock just past the end of their current period (months differ in length). */
export async function advanceToRenewal(app: FastifyInstance, merchant: SignedInMerchant) {
  const plan = await getPlan(app, merchant);
  return advanceClock(app, merchant, Math.ceil(daysFromNow(plan.next_payment_at)));
}
