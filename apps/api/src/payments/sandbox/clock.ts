import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { sandboxClocks } from '../../db/schema/index.js';

/**
 * The sandbox's test clocks. Each owner (merchant) has an offset: their sandbox time is real time
 * plus it. Advancing the clock makes a month of renewals, failures and retries happen now, as
 * Stripe's test clocks do; sandbox objects store sandbox time and are shifted back by the offset
 * before the app sees them, so a renewal a month ahead looks, to the app, like one that just happened.
 */

export const MAX_ADVANCE_DAYS = 400;
const DAY_SECONDS = 24 * 60 * 60;

export async function clockOffsetSeconds(tx: Tx, ownerId: string): Promise<number> {
  const [row] = await tx
    .select({ offsetSeconds: sandboxClocks.offsetSeconds })
    .from(sandboxClocks)
    .where(eq(sandboxClocks.ownerId, ownerId));
  return row?.offsetSeconds ?? 0;
}

export function shift(date: Date, offsetSeconds: number): Date {
  return new Date(date.getTime() + offsetSeconds * 1000);
}

/** The owner's sandbox time now. */
export async function sandboxNow(tx: Tx, ownerId: string, realNow: Date = new Date()): Promise<Date> {
  return shift(realNow, await clockOffsetSeconds(tx, ownerId));
}

/** Moves the owner's clock forward and returns the new offset. */
export async function advanceClock(tx: Tx, ownerId: string, days: number): Promise<number> {
  if (!Number.isInteger(days) || days < 1 || days > MAX_ADVANCE_DAYS) {
    throw new RangeError(`days must be an integer from 1 to ${MAX_ADVANCE_DAYS}`);
  }
  const seconds = days * DAY_SECONDS;
  const [row] = await tx
    .insert(sandboxClocks)
    .values({ ownerId, offsetSeconds: seconds })
    .onConflictDoUpdate({
      target: sandboxClocks.ownerId,
      set: { offsetSeconds: sql`${sandboxClocks.offsetSeconds} + ${seconds}`, updatedAt: new Date() },
    })
    .returning({ offsetSeconds: sandboxClocks.offsetSeconds });
  return row!.offsetSeconds;
}
