import {
  CHECK_IN_REPEAT_SECONDS,
  hasFeature,
  type RewardRule,
  type UsageAllowance,
  type Verification,
  type VerificationReason,
  type VerifyBody,
} from '@nest/contracts';
import { and, eq, gte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { checkIns } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import type { Jobs } from '../../types.js';
import { findMerchantPlan } from '../plans/find-merchant-plan.js';
import { codeLookupsOf, verifyPassToken } from '../subscriptions/pass-verify.js';
import { emitWebhookEvent } from '../webhooks/emit-event.js';
import { counterVerdict, PAY_NOW_STATUSES } from './eligibility.js';
import { findByCodeLookups } from './find-by-code.js';
import {
  lockedSubscription,
  type PassSubscription,
  recordCheckIn,
  subscriptionById,
} from './pass-subscription.js';
import { paidPeriodsOf, recentlyRedeemed, recordCheckInReward, waitingRewards } from './rewards.js';
import { countedCheckIns, usageView, usedInWindow } from './usage.js';

/**
 * Today's events at the door for the customer the pass names (the events module's `eventsAtDoor`,
 * handed in by routes.ts): registered, admitted and attendance recorded, in the check-in's transaction.
 */
export type EventDoor = (
  tx: Tx,
  input: { nestId: string; timeZone: string; customerId: string; userId: string },
  now: Date,
) => Promise<Verification['events']>;

export interface VerifyContext {
  db: Db;
  jobs: Jobs;
  passSecret: string;
  /** HMAC pass tokens are refused from then (ADR 183); the default window otherwise. */
  hmacAcceptedUntil?: Date;
  publicUrl: string;
  /** Absent: the answer lists no events. */
  eventDoor?: EventDoor;
}

export interface CounterNest {
  id: string;
  ownerId: string;
  /** False: no endpoint could want the check-in, so its outgoing-webhook lookup is skipped (ADR 195). */
  hasWebhookEndpoints: boolean;
  /** The end of the nest's last scheduled event; none, or long past, skips today's events (ADR 195). */
  eventsEndAt: Date | null;
}

/**
 * "Today" is a date in the nest's time zone, and a day lasts at most 25 hours: an event that ended two
 * days before now cannot be today's anywhere.
 */
const EVENTS_TODAY_MARGIN_MS = 48 * 60 * 60 * 1000;

const mayHaveEventsToday = (nest: CounterNest, now: Date) =>
  nest.eventsEndAt !== null && nest.eventsEndAt.getTime() > now.getTime() - EVENTS_TODAY_MARGIN_MS;

type Found = { sub: PassSubscription } | { reason: VerificationReason };

/**
 * The nest's subscription the scanned token, typed code or picked search result names, read with
 * what the verdict needs (one statement, no lock), or why none.
 */
async function findPass(ctx: VerifyContext, nestId: string, body: VerifyBody, now: Date): Promise<Found> {
  // Picked from a counter search: the merchant names the subscription; another nest's (or none) is 404.
  if (body.subscription_id !== undefined) {
    const [sub] = await subscriptionById(ctx.db).execute({ id: body.subscription_id, nestId });
    if (!sub) throw notFound();
    return { sub };
  }
  if (body.token !== undefined) {
    const check = verifyPassToken(
      ctx.passSecret,
      body.token,
      now,
      ctx.hmacAcceptedUntil ? { hmacAcceptedUntil: ctx.hmacAcceptedUntil } : {},
    );
    // A signed pass names its nest: another nest's is refused exactly like a forged one.
    if ((check.ok || 'subscriptionId' in check) && check.nestId !== null && check.nestId !== nestId) {
      return { reason: 'invalid_pass' };
    }
    if (check.ok) {
      const [sub] = await subscriptionById(ctx.db).execute({ id: check.subscriptionId, nestId });
      // A genuine pass of another merchant's nest: refused exactly like a forged one.
      return sub ? { sub } : { reason: 'invalid_pass' };
    }
    if (check.reason === 'expired' || check.reason === 'not_yet_valid') {
      // The signature is ours; say "expired" only for this nest's pass, so another nest's pass is
      // refused exactly like a forged one.
      const [own] = await subscriptionById(ctx.db).execute({ id: check.subscriptionId, nestId });
      return { reason: own ? 'expired_pass' : 'invalid_pass' };
    }
    return { reason: 'invalid_pass' };
  }
  const lookups = codeLookupsOf(ctx.passSecret, body.code ?? '', now);
  if (lookups.length !== 2) return { reason: 'unknown_code' };
  const matches = await findByCodeLookups(ctx.db, nestId, lookups as [number, number], now);
  // This step's pass before the previous one; two subscribers sharing a lookup name nobody.
  for (const lookup of lookups) {
    const named = matches.filter((m) => m.codeLookup === lookup);
    if (named.length === 1) return { sub: named[0]! };
    if (named.length > 1) return { reason: 'unknown_code' };
  }
  return { reason: 'unknown_code' };
}

function emptyAnswer(id: string, reason: VerificationReason, at: Date): Verification {
  return {
    id,
    result: 'not_eligible',
    reason,
    repeat: false,
    checked_at: at.toISOString(),
    customer: null,
    offer: null,
    subscription: null,
    events: [],
    usage: null,
    reward: null,
  };
}

async function recordRefusal(
  tx: Tx,
  nestId: string,
  userId: string,
  reason: VerificationReason,
  now: Date,
): Promise<Verification> {
  const [row] = await recordCheckIn(tx).execute({
    nestId,
    subscriptionId: null,
    customerId: null,
    result: 'not_eligible',
    reason,
    verifiedBy: userId,
    checkedAt: now.toISOString(),
    repeatSeconds: CHECK_IN_REPEAT_SECONDS,
  });
  return emptyAnswer(row!.id, reason, now);
}

export interface RewardSubject {
  id: string;
  customerId: string;
  nestName: string;
  offerName: string;
  customerName: string | null;
  customerEmail: string;
  customerLocale: string;
  rewardRule: unknown;
}

/**
 * Check-in reward progress after a check-in (`counts`: it used the allowance), earning the reward
 * at its milestone; paid-period progress as it stands. Null without a rule, or on a plan without
 * progression (DESIGN.md §5, ADR 044).
 */
export async function progressRewards(
  tx: Tx,
  ctx: VerifyContext,
  nest: CounterNest,
  sub: RewardSubject,
  counts: boolean,
  checkInId: string,
): Promise<Verification['reward']> {
  // Progression is a Pro and Enterprise feature (DESIGN.md §5, ADR 044): on another plan the rule rests.
  const rule = (sub.rewardRule ?? null) as RewardRule | null;
  const plan = rule ? await findMerchantPlan(tx, nest.ownerId) : null;
  let reward: Verification['reward'] = null;
  if (rule && plan && hasFeature(plan, 'progression')) {
    let earnedNow = false;
    let progress: number;
    if (rule.kind === 'check_ins') {
      const total = await countedCheckIns(tx, sub.id);
      if (counts && total > 0 && total % rule.every === 0) {
        earnedNow = await recordCheckInReward(
          tx,
          ctx,
          {
            nestId: nest.id,
            nestName: sub.nestName,
            offerName: sub.offerName,
            subscriptionId: sub.id,
            customer: {
              id: sub.customerId,
              email: sub.customerEmail,
              name: sub.customerName,
              locale: sub.customerLocale,
            },
          },
          rule,
          total,
          checkInId,
        );
      }
      progress = total % rule.every;
    } else {
      progress = (await paidPeriodsOf(tx, sub.id)) % rule.every;
    }
    reward = {
      rule,
      progress,
      target: rule.every,
      earned_now: earnedNow,
      waiting: await waitingRewards(tx, sub.id),
      redeemed: await recentlyRedeemed(tx, sub.id, 5),
    };
  }

  return reward;
}

/** What the answer says of a recorded check-in, whichever way it was recorded. */
interface Recorded {
  id: string;
  result: Verification['result'];
  reason: VerificationReason | null;
  repeat: boolean;
  graceUntil: Date | null;
  usage: Verification['usage'];
  reward: Verification['reward'];
  events: Verification['events'];
}

function answerOf(sub: PassSubscription, recorded: Recorded, now: Date): Verification {
  const { result, reason } = recorded;
  return {
    id: recorded.id,
    result,
    reason,
    repeat: recorded.repeat,
    checked_at: now.toISOString(),
    customer: { name: sub.customerName },
    offer: { name: sub.offerName, grants: sub.grants },
    subscription: {
      id: sub.id,
      status: sub.status,
      current_period_end: sub.currentPeriodEnd?.toISOString() ?? null,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      grace_until: result === 'grace' ? (recorded.graceUntil?.toISOString() ?? null) : null,
      paused_until: reason === 'paused' ? (sub.pauseEndsAt?.toISOString() ?? null) : null,
      can_pay_now: PAY_NOW_STATUSES.includes(sub.status),
    },
    events: recorded.events,
    usage: recorded.usage,
    reward: recorded.reward,
  };
}

/**
 * Nothing but the check-in itself to decide and write: no allowance to count, no reward to move, no
 * webhook to send, no event today. Then the verdict from the row just read, and the check-in in one
 * statement that decides the repeat under the row's lock (ADR 207).
 */
const checksInAlone = (ctx: VerifyContext, nest: CounterNest, sub: PassSubscription, now: Date) =>
  sub.allowance === null &&
  sub.rewardRule === null &&
  !nest.hasWebhookEndpoints &&
  !(ctx.eventDoor && mayHaveEventsToday(nest, now));

/**
 * The answer at the counter (DESIGN.md §5) for a scanned token, a typed code or a picked search
 * result, recorded as a check-in whatever it is. Under a lock on the subscription row, so two scans of
 * the same pass at once are one check-in and one repeat, never two uses. Eligible check-ins use the
 * offer's allowance (day and week in the nest's time zone, or the billing period) and move check-in
 * rewards: those read and write more in one transaction, the others are one statement (ADR 207).
 */
export async function verifyAtCounter(
  ctx: VerifyContext,
  nest: CounterNest,
  userId: string,
  body: VerifyBody,
  now: Date = new Date(),
): Promise<Verification> {
  const found = await findPass(ctx, nest.id, body, now);
  if ('reason' in found) return recordRefusal(ctx.db, nest.id, userId, found.reason, now);
  if (!checksInAlone(ctx, nest, found.sub, now))
    return verifyInTransaction(ctx, nest, userId, found.sub.id, now);

  const { sub } = found;
  const verdict = counterVerdict(sub, now);
  const [row] = await recordCheckIn(ctx.db).execute({
    nestId: nest.id,
    subscriptionId: sub.id,
    customerId: sub.customerId,
    result: verdict.result,
    reason: verdict.reason,
    verifiedBy: userId,
    checkedAt: now.toISOString(),
    repeatSeconds: CHECK_IN_REPEAT_SECONDS,
  });
  return answerOf(
    sub,
    { ...verdict, id: row!.id, repeat: row!.repeat, usage: null, reward: null, events: [] },
    now,
  );
}

/** A check-in that counts an allowance, moves rewards, notifies or admits to events: one transaction. */
function verifyInTransaction(
  ctx: VerifyContext,
  nest: CounterNest,
  userId: string,
  subscriptionId: string,
  now: Date,
): Promise<Verification> {
  return ctx.db.transaction(async (tx) => {
    // Read again under the lock: a concurrent check-in of the same subscription has committed by now.
    const [sub] = await lockedSubscription(tx, nest.id, subscriptionId);
    // Deleted since it was read (its nest's data erased): refused like a pass that names nothing.
    if (!sub) return recordRefusal(tx, nest.id, userId, 'invalid_pass', now);

    const allowance = (sub.allowance ?? null) as UsageAllowance | null;
    const verdict = counterVerdict(sub, now);
    let { result, reason } = verdict;
    let repeat = false;
    let used = 0;
    if (result !== 'not_eligible') {
      const [recent] = await tx
        .select({ id: checkIns.id })
        .from(checkIns)
        .where(
          and(
            eq(checkIns.subscriptionId, sub.id),
            eq(checkIns.counts, true),
            gte(checkIns.checkedAt, new Date(now.getTime() - CHECK_IN_REPEAT_SECONDS * 1000)),
          ),
        )
        .limit(1);
      repeat = recent !== undefined;
    }
    if (allowance) {
      used = await usedInWindow(tx, sub.id, allowance, sub.timeZone, sub.currentPeriodStart, now);
      // A repeat while the allowance is used up is red too (ADR 134): "already checked in" must not
      // read as "one more" at a counter whose allowance protects the merchant.
      if (result !== 'not_eligible' && used >= allowance.uses) {
        result = 'not_eligible';
        reason = 'usage_exhausted';
      }
    }
    // Green and amber let the customer in: both use the allowance and move check-in rewards.
    const counts = result !== 'not_eligible' && !repeat;
    const [row] = await tx
      .insert(checkIns)
      .values({
        nestId: nest.id,
        customerId: sub.customerId,
        subscriptionId: sub.id,
        result,
        reason,
        repeat,
        counts,
        verifiedBy: userId,
        checkedAt: now,
      })
      .returning({ id: checkIns.id });
    if (counts) used += 1;
    if (nest.hasWebhookEndpoints) {
      await emitWebhookEvent(tx, {
        nestId: nest.id,
        type: 'check_in.recorded',
        data: {
          check_in_id: row!.id,
          subscription_id: sub.id,
          customer_id: sub.customerId,
          result,
          reason,
          repeat,
          counts,
          checked_at: now.toISOString(),
        },
      });
    }

    const reward = await progressRewards(tx, ctx, nest, sub, counts, row!.id);

    const events =
      ctx.eventDoor && mayHaveEventsToday(nest, now)
        ? await ctx.eventDoor(
            tx,
            { nestId: nest.id, timeZone: sub.timeZone, customerId: sub.customerId, userId },
            now,
          )
        : [];

    return answerOf(
      sub,
      {
        id: row!.id,
        result,
        reason,
        repeat,
        graceUntil: verdict.graceUntil,
        usage: allowance ? usageView(allowance, used) : null,
        reward,
        events,
      },
      now,
    );
  });
}
