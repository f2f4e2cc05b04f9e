import { and, eq, lte, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { sandboxAccounts, sandboxPayouts } from '../../db/schema/index.js';
import type { PayoutSchedule, Weekday } from '../port.js';
import { addDays } from './calendar.js';
import { clockOffsetSeconds, shift } from './clock.js';
import type { SandboxDeps } from './context.js';
import { emitEvent } from './emit-event.js';
import { sandboxId } from './ids.js';
import { markSettled, settleIntoPayout } from './money.js';
import type { SandboxAccountRow } from './to-port.js';

const WEEKDAYS: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
/** Money leaves the platform on the payout day and reaches the bank two days later (SEPA). */
const ARRIVAL_DAYS = 2;

const startOfUtcDay = (date: Date) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

function monthlySlot(year: number, month: number, anchor: number): Date {
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(anchor, lastDay)));
}

/** The latest scheduled payout day at or before `now` (00:00 UTC), or null for manual payouts. */
export function latestPayoutSlot(schedule: PayoutSchedule, now: Date): Date | null {
  const today = startOfUtcDay(now);
  switch (schedule.interval) {
    case 'manual':
      return null;
    case 'daily':
      return today;
    case 'weekly': {
      const anchor = WEEKDAYS.indexOf(schedule.weeklyAnchor ?? 'monday');
      return addDays(today, -((today.getUTCDay() - anchor + 7) % 7));
    }
    case 'monthly': {
      const anchor = schedule.monthlyAnchor ?? 1;
      const thisMonth = monthlySlot(today.getUTCFullYear(), today.getUTCMonth(), anchor);
      return thisMonth.getTime() <= today.getTime()
        ? thisMonth
        : monthlySlot(today.getUTCFullYear(), today.getUTCMonth() - 1, anchor);
    }
  }
}

/** Pays out the account's balance if a scheduled payout day has come since its last payout, and settles arrived payouts. */
async function payOutAccount(
  deps: SandboxDeps,
  tx: Tx,
  account: SandboxAccountRow,
  now: Date,
): Promise<number> {
  const arrived = await tx
    .update(sandboxPayouts)
    .set({ status: 'paid' })
    .where(
      and(
        eq(sandboxPayouts.accountId, account.id),
        eq(sandboxPayouts.status, 'pending'),
        lte(sandboxPayouts.arrivalDate, now),
      ),
    )
    .returning();
  for (const payout of arrived) {
    await emitEvent(deps, tx, {
      ownerId: account.ownerId,
      accountId: account.id,
      type: 'payout.paid',
      object: {
        id: payout.id,
        object: 'payout',
        amount: payout.amountCents,
        currency: payout.currency,
        status: 'paid',
      },
      occurredAt: payout.arrivalDate,
    });
  }
  if (!account.payoutsEnabled) return 0;
  const slot = latestPayoutSlot(
    {
      interval: account.payoutInterval,
      weeklyAnchor: account.payoutWeeklyAnchor as Weekday | null,
      monthlyAnchor: account.payoutMonthlyAnchor,
    },
    now,
  );
  if (!slot) return 0;
  const [last] = await tx
    .select({ createdAt: sql<Date>`max(${sandboxPayouts.createdAt})` })
    .from(sandboxPayouts)
    .where(eq(sandboxPayouts.accountId, account.id));
  if (last?.createdAt && new Date(last.createdAt).getTime() >= slot.getTime()) return 0;
  // The payout carries every payment and refund of the balance up to the payout day, net of the
  // platform's fees; a balance at or below zero waits for the next payout day (ADR 120).
  const settled = await settleIntoPayout(tx, account.id, slot);
  const balance = settled.netCents;
  if (balance <= 0) return 0;
  const arrivalDate = addDays(slot, ARRIVAL_DAYS);
  const status = arrivalDate.getTime() <= now.getTime() ? 'paid' : 'pending';
  const id = sandboxId('po');
  await markSettled(tx, id, settled);
  await tx.insert(sandboxPayouts).values({
    id,
    ownerId: account.ownerId,
    accountId: account.id,
    amountCents: balance,
    currency: 'eur',
    status,
    arrivalDate,
    createdAt: slot,
  });
  await emitEvent(deps, tx, {
    ownerId: account.ownerId,
    accountId: account.id,
    type: 'payout.created',
    object: {
      id,
      object: 'payout',
      amount: balance,
      currency: 'eur',
      status,
      arrival_date: Math.floor(arrivalDate.getTime() / 1000),
    },
    occurredAt: slot,
  });
  return 1;
}

/** The payout part of the billing clock: each connected account with automatic payouts, in its own transaction. */
export async function runPayouts(
  deps: SandboxDeps,
  options: { ownerId?: string; realNow?: Date } = {},
): Promise<number> {
  const realNow = options.realNow ?? new Date();
  const accounts = await deps.db
    .select({ id: sandboxAccounts.id, ownerId: sandboxAccounts.ownerId })
    .from(sandboxAccounts)
    .where(
      and(
        options.ownerId ? eq(sandboxAccounts.ownerId, options.ownerId) : undefined,
        ne(sandboxAccounts.payoutInterval, 'manual'),
        eq(sandboxAccounts.payoutsEnabled, true),
      ),
    );
  let created = 0;
  for (const { id, ownerId } of accounts) {
    created += await deps.db.transaction(async (tx) => {
      const [account] = await tx
        .select()
        .from(sandboxAccounts)
        .where(eq(sandboxAccounts.id, id))
        .for('update');
      if (!account) return 0;
      return payOutAccount(deps, tx, account, shift(realNow, await clockOffsetSeconds(tx, ownerId)));
    });
  }
  return created;
}
