import type { CreateOfferBody, Verification } from '@nest/contracts';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { checkIns, nestSubscriptions, nests } from '../../src/db/schema/index.js';
import { signPass } from '../../src/modules/subscriptions/pass-sign.js';
import { customerEmail } from '../customers/support.js';
import type { SignedInMerchant } from '../fixtures/merchants.js';
import type { TestApp } from '../helpers.js';
import { addSubscriber, createOfferFor, merchantWithNest } from '../offers/support.js';

/** A time zone where the day began over an hour ago (of three zones far apart, one always is). */
export function zoneAtLeastAnHourIntoItsDay(now = new Date()): string {
  const zones = ['Europe/Paris', 'Asia/Tokyo', 'America/New_York'];
  const hour = (timeZone: string) =>
    Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now));
  return zones.find((zone) => hour(zone) >= 1) ?? 'Europe/Paris';
}

/** The pass token a subscription's card shows now (signed for its nest, ADR 183). */
export async function passToken(t: TestApp, subscriptionId: string): Promise<string> {
  const [row] = await t.app.db
    .select({ nestId: nestSubscriptions.nestId })
    .from(nestSubscriptions)
    .where(eq(nestSubscriptions.id, subscriptionId));
  if (!row) throw new Error(`no subscription ${subscriptionId}`);
  return signPass(t.app.config.passSecret, { nestId: row.nestId, subscriptionId }).token;
}

/**
 * A merchant's counter and its subscribers. `current` is read when a helper runs, because the file's
 * app starts in its beforeAll, after these helpers are made.
 */
export function counterHelpers(current: () => TestApp) {
  const secret = () => current().app.config.passSecret;

  const merchantsByNest = new Map<string, SignedInMerchant>();
  async function counter(plan: 'starter' | 'pro' = 'pro', offer: Partial<CreateOfferBody> = {}) {
    const merchant = await merchantWithNest(current().app, plan);
    // The tests move check-ins minutes back and count them in "today": the nest's day must have begun
    // over an hour ago, whenever the tests run (Paris, unless its day is younger than that).
    await current()
      .db.update(nests)
      .set({ timeZone: zoneAtLeastAnHourIntoItsDay() })
      .where(eq(nests.id, merchant.nest.id));
    const created = await createOfferFor(current().app, merchant, {
      name: 'Café illimité',
      grants: 'One coffee',
      ...offer,
    });
    merchantsByNest.set(created.nest_id, merchant);
    return { merchant, offer: created };
  }

  async function merchantOf(nestId: string) {
    const found = merchantsByNest.get(nestId);
    if (!found) throw new Error('unknown nest');
    return found;
  }

  async function subscriber(offerId: string, status = 'active', email = customerEmail()) {
    const added = (await addSubscriber(current().app, offerId, { status, email })) as unknown as {
      subscription_id: string;
    };
    return { id: added.subscription_id, email };
  }

  const verify = (merchant: SignedInMerchant | null, payload: unknown) =>
    current().app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/verifications',
      payload: payload as object,
      ...(merchant ? { cookies: merchant.cookies } : {}),
    });

  async function answer(merchant: SignedInMerchant, payload: unknown): Promise<Verification> {
    const response = await verify(merchant, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  /** The subscription's pass now, signed with its nest's key. */
  async function pass(subscriptionId: string) {
    const [row] = await current()
      .db.select({ nestId: nestSubscriptions.nestId })
      .from(nestSubscriptions)
      .where(eq(nestSubscriptions.id, subscriptionId));
    if (!row) throw new Error('unknown subscription');
    return signPass(secret(), { nestId: row.nestId, subscriptionId });
  }
  const token = async (subscriptionId: string) => (await pass(subscriptionId)).token;
  const code = async (subscriptionId: string) => (await pass(subscriptionId)).code;

  /** Moves the subscription's counted check-ins back in time (a day, a week). */
  async function ageCheckIns(subscriptionId: string, ms: number) {
    const { db } = current();
    await db
      .update(checkIns)
      .set({ checkedAt: sql`${checkIns.checkedAt} - ${`${Math.round(ms / 1000)} seconds`}::interval` })
      .where(eq(checkIns.subscriptionId, subscriptionId));
  }

  return { secret, counter, merchantOf, subscriber, verify, answer, token, code, ageCheckIns };
}
