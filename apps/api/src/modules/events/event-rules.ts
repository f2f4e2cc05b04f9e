import { hasFeature, type Locale, plans, planUnlocking } from '@nest/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { offers } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { messages } from '../../lib/i18n.js';
import { findMerchantPlan } from '../plans/find-merchant-plan.js';

const planNames = { starter: 'Starter', pro: 'Pro', enterprise: 'Enterprise' } as const;

/**
 * Creating an event needs a plan with events (Pro, Enterprise): 403 plan_required naming the plan
 * that unlocks them. Events made before a downgrade keep running (edit, cancel, register, the door).
 */
export async function requireEventsPlan(db: Tx, ownerId: string): Promise<void> {
  const plan = await findMerchantPlan(db, ownerId);
  if (plan && hasFeature(plan, 'events')) return;
  const needed = plans[planUnlocking('events')].id;
  throw new AppError('plan_required', {
    params: { plan: planNames[needed] },
    fields: [{ field: 'events', code: `plan_required:${needed}`, message: planNames[needed] }],
  });
}

export type EventFieldCode =
  | 'event_ends_before_start'
  | 'event_starts_in_past'
  | 'event_deadline_after_start'
  | 'event_offer_unknown';

export function eventFieldError(locale: Locale, field: string, code: EventFieldCode): AppError {
  return new AppError('validation_failed', {
    fields: [{ field, code, message: messages(locale).fields[code] }],
  });
}

/** The instant a wall-clock time names in a zone (the database knows the zones and their changes). */
export async function instantOf(db: Tx, local: string, timeZone: string): Promise<Date> {
  const [row] = await db
    .select({
      epoch: sql<string>`extract(epoch from (${`${local}:00`}::timestamp at time zone ${timeZone}))::text`,
    })
    .from(sql`(select 1) as one`);
  return new Date(Math.round(Number(row!.epoch) * 1000));
}

export interface EventTimes {
  startsAt: Date;
  endsAt: Date;
  registrationDeadline: Date | null;
}

/** The end after the start, the deadline no later than the start, a new start not in the past. */
export function checkEventTimes(locale: Locale, times: EventTimes, now: Date, startChanged: boolean): void {
  if (startChanged && times.startsAt.getTime() <= now.getTime()) {
    throw eventFieldError(locale, 'starts_local', 'event_starts_in_past');
  }
  if (times.endsAt.getTime() <= times.startsAt.getTime()) {
    throw eventFieldError(locale, 'ends_local', 'event_ends_before_start');
  }
  if (times.registrationDeadline && times.registrationDeadline.getTime() > times.startsAt.getTime()) {
    throw eventFieldError(locale, 'registration_deadline_local', 'event_deadline_after_start');
  }
}

/** Every offer named is one of the nest's, not archived; otherwise a field error (ids are never echoed). */
export async function checkEventOffers(db: Tx, locale: Locale, nestId: string, offerIds: string[]) {
  const unique = [...new Set(offerIds)];
  const found = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.nestId, nestId), eq(offers.status, 'active'), inArray(offers.id, unique)));
  if (found.length !== unique.length) throw eventFieldError(locale, 'offer_ids', 'event_offer_unknown');
  return unique;
}
