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
import { checkIns, nestCustomers, nestSubscriptions, nests, offers } from '../../db/schema/index.js';
import type { Jobs } from '../../types.js';
import { findMerchantPlan } from '../plans/find-merchant-plan.js';
import { uuidOf } from '../subscriptions/pass-format.js';
import { codeLookupsOf, verifyPassToken } from '../subscriptions/pass-verify.js';
import { priceOffer, subscriptionPrice } from '../subscriptions/subscription-offer.js';
import { ineligibilityReason } from './eligibility.js';
import { withCodeLookups } from './find-by-code.js';
import { paidPeriodsOf, recordCheckInReward, waitingRewards } from './rewards.js';
import { countedCheckIns, usageView, usedInWindow } from './usage.js';

export interface VerifyContext {
  db: Db;
  jobs: Jobs;
  passSecret: string;
  publicUrl: string;
}

export interface CounterNest {
  id: string;
  ownerId: string;
}

type Resolved = { subscriptionId: string } | { reason: VerificationReason };

/** Which of the nest's subscriptions the scanned token or typed code names, or why none. */
async function resolvePass(
  ctx: VerifyContext,
  nestId: string,
  body: VerifyBody,
  now: Date,
): Promise<Resolved> {
  if (body.token !== undefined) {
    const check = verifyPassToken(ctx.passSecret, body.token, now);
    if (check.ok) return { subscriptionId: check.subscriptionId };
    if (check.reason === 'expired' || check.reason === 'not_yet_valid') {
      // The signature is ours; say "expired" only for this nest's pass, so another nest's pass is
      // refused exactly like a forged one.
      const id = uuidOf(Buffer.from(body.token, 'base64url').subarray(1, 17));
      const [own] = await ctx.db
        .select({ id: nestSubscriptions.id })
        .from(nestSubscriptions)
        .where(and(eq(nestSubscriptions.id, id), eq(nestSubscriptions.nestId, nestId)));
      return { reason: own ? 'expired_pass' : 'invalid_pass' };
    }
    return { reason: 'invalid_pass' };
  }
  const lookups = codeLookupsOf(ctx.passSecret, body.code ?? '', now);
  if (lookups.length === 0) return { reason: 'unknown_code' };
  const matches = await withCodeLookups(ctx.db, nestId, lookups, now);
  // This step's pass before the previous one; two subscribers sharing a lookup name nobody.
  for (const lookup of lookups) {
    const named = matches.filter((m) => m.codeLookup === lookup);
    if (named.length === 1) return { subscriptionId: named[0]!.id };
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
  const [row] = await tx
    .insert(checkIns)
    .values({ nestId, result: 'not_eligible', reason, verifiedBy: userId, checkedAt: now })
    .returning({ id: checkIns.id });
  return emptyAnswer(row!.id, reason, now);
}

/**
 * The answer at the counter (DESIGN.md §5) for a scanned token or a typed code, recorded as a
 * check-in whatever it is. Under a lock on the subscription row, so two scans of the same pass at
 * once are one check-in and one repeat, never two uses. Eligible check-ins use the offer's allowance
 * (day and week in the nest's time zone, or the billing period) and move check-in rewards.
 */
export async function verifyAtCounter(
  ctx: VerifyContext,
  nest: CounterNest,
  userId: string,
  body: VerifyBody,
  now: Date = new Date(),
): Promise<Verification> {
  const resolved = await resolvePass(ctx, nest.id, body, now);
  if ('reason' in resolved) return recordRefusal(ctx.db, nest.id, userId, resolved.reason, now);

  return ctx.db.transaction(async (tx) => {
    const [sub] = await tx
      .select({
        id: nestSubscriptions.id,
        status: nestSubscriptions.status,
        currentPeriodStart: nestSubscriptions.currentPeriodStart,
        currentPeriodEnd: nestSubscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: nestSubscriptions.cancelAtPeriodEnd,
        customerId: nestSubscriptions.customerId,
        customerName: nestCustomers.name,
        customerEmail: nestCustomers.email,
        customerLocale: nestCustomers.locale,
        nestName: nests.name,
        timeZone: nests.timeZone,
        offerName: offers.name,
        grants: offers.grants,
        allowance: offers.usageAllowance,
        rewardRule: offers.rewardRule,
      })
      .from(nestSubscriptions)
      .innerJoin(nests, eq(nests.id, nestSubscriptions.nestId))
      .innerJoin(nestCustomers, eq(nestCustomers.id, nestSubscriptions.customerId))
      .innerJoin(...subscriptionPrice)
      .innerJoin(...priceOffer)
      .where(and(eq(nestSubscriptions.id, resolved.subscriptionId), eq(nestSubscriptions.nestId, nest.id)))
      .for('update', { of: nestSubscriptions });
    // A genuine pass of another merchant's nest: refused exactly like a forged one.
    if (!sub) return recordRefusal(tx, nest.id, userId, 'invalid_pass', now);

    const allowance = (sub.allowance ?? null) as UsageAllowance | null;
    let reason = ineligibilityReason(sub, now);
    let repeat = false;
    let used = 0;
    if (reason === null) {
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
      if (reason === null && !repeat && used >= allowance.uses) reason = 'usage_exhausted';
    }
    const counts = reason === null && !repeat;
    const [row] = await tx
      .insert(checkIns)
      .values({
        nestId: nest.id,
        customerId: sub.customerId,
        subscriptionId: sub.id,
        result: reason === null ? 'eligible' : 'not_eligible',
        reason,
        repeat,
        counts,
        verifiedBy: userId,
        checkedAt: now,
      })
      .returning({ id: checkIns.id });
    if (counts) used += 1;

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
              customer: { email: sub.customerEmail, name: sub.customerName, locale: sub.customerLocale },
            },
            rule,
            total,
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
      };
    }

    return {
      id: row!.id,
      result: reason === null ? 'eligible' : 'not_eligible',
      reason,
      repeat,
      checked_at: now.toISOString(),
      customer: { name: sub.customerName },
      offer: { name: sub.offerName, grants: sub.grants },
      subscription: {
        id: sub.id,
        status: sub.status,
        current_period_end: sub.currentPeriodEnd?.toISOString() ?? null,
        cancel_at_period_end: sub.cancelAtPeriodEnd,
      },
      usage: allowance ? usageView(allowance, used) : null,
      reward,
    } satisfies Verification;
  });
}
