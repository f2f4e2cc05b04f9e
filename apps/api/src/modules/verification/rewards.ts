import type { EarnedReward, RedeemedReward, RewardRule, WaitingReward } from '@nest/contracts';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { nestInvoices, rewards } from '../../db/schema/index.js';
import { type EmailRequest, SEND_EMAIL_JOB } from '../../emails/send-email.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Jobs } from '../../types.js';
import { isUuid } from '../nests/find-nest.js';
import { emitWebhookEvent } from '../webhooks/emit-event.js';

export interface EarnedFor {
  nestId: string;
  nestName: string;
  offerName: string;
  subscriptionId: string;
  customer: { id: string; email: string; name: string | null; locale: string };
}

/**
 * Records the reward of a milestone (N, 2N… check-ins) and queues the reward-earned email in the
 * customer's language, both at most once: the row is unique per (subscription, kind, milestone) and
 * the email's dedupe key names the milestone. Answers whether this call earned it.
 */
export async function recordCheckInReward(
  tx: Tx,
  ctx: { jobs: Jobs; publicUrl: string },
  earned: EarnedFor,
  rule: RewardRule,
  milestone: number,
  checkInId: string,
): Promise<boolean> {
  const inserted = await tx
    .insert(rewards)
    .values({
      nestId: earned.nestId,
      subscriptionId: earned.subscriptionId,
      kind: rule.kind,
      rule,
      milestone,
      checkInId,
    })
    .onConflictDoNothing()
    .returning({ id: rewards.id, earnedAt: rewards.earnedAt });
  if (inserted.length === 0) return false;
  await emitWebhookEvent(tx, {
    nestId: earned.nestId,
    type: 'reward.earned',
    data: {
      reward_id: inserted[0]!.id,
      subscription_id: earned.subscriptionId,
      customer_id: earned.customer.id,
      reward_name: rule.reward_name,
      kind: rule.kind,
      milestone,
      earned_at: inserted[0]!.earnedAt.toISOString(),
    },
  });
  const email: EmailRequest<'reward-earned'> = {
    to: earned.customer.email,
    locale: earned.customer.locale === 'fr-FR' ? 'fr-FR' : 'en-US',
    template: 'reward-earned',
    params: {
      name: earned.customer.name ?? '',
      nestName: earned.nestName,
      offerName: earned.offerName,
      rewardName: rule.reward_name,
      paidPeriods: 0,
      checkIns: milestone,
      areaUrl: `${ctx.publicUrl}/client/app/overview`,
    },
    recipient: { nestId: earned.nestId, customerId: earned.customer.id },
  };
  await ctx.jobs.enqueue(SEND_EMAIL_JOB, email, {
    tx,
    dedupeKey: `reward-earned:check_ins:${earned.subscriptionId}:${milestone}`,
  });
  return true;
}

/** Rewards earned and not handed over yet, oldest first. */
export async function waitingRewards(tx: Tx, subscriptionId: string): Promise<WaitingReward[]> {
  const rows = await tx
    .select({ id: rewards.id, rule: rewards.rule, earnedAt: rewards.earnedAt })
    .from(rewards)
    .where(and(eq(rewards.subscriptionId, subscriptionId), isNull(rewards.redeemedAt)))
    .orderBy(asc(rewards.earnedAt), asc(rewards.milestone));
  return rows.map((r) => ({
    id: r.id,
    reward_name: r.rule.reward_name,
    earned_at: r.earnedAt.toISOString(),
  }));
}

/** The latest rewards handed over, newest first. */
export async function recentlyRedeemed(
  tx: Tx,
  subscriptionId: string,
  limit: number,
): Promise<RedeemedReward[]> {
  const rows = await tx
    .select({
      id: rewards.id,
      rule: rewards.rule,
      earnedAt: rewards.earnedAt,
      redeemedAt: rewards.redeemedAt,
    })
    .from(rewards)
    .where(and(eq(rewards.subscriptionId, subscriptionId), isNotNull(rewards.redeemedAt)))
    .orderBy(desc(rewards.redeemedAt))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    reward_name: r.rule.reward_name,
    earned_at: r.earnedAt.toISOString(),
    redeemed_at: r.redeemedAt!.toISOString(),
  }));
}

/**
 * Rewards of several subscriptions, for the customer area and the merchant's customer detail: every
 * reward waiting (oldest first), then the latest `redeemedLimit` redeemed (newest first), per
 * subscription.
 */
export async function earnedRewardsOf(
  tx: Tx,
  subscriptionIds: string[],
  redeemedLimit = 10,
): Promise<Map<string, EarnedReward[]>> {
  const byId = new Map<string, EarnedReward[]>(subscriptionIds.map((id) => [id, []]));
  if (subscriptionIds.length === 0) return byId;
  const view = (r: { id: string; rule: RewardRule; earnedAt: Date; redeemedAt: Date | null }) => ({
    id: r.id,
    reward_name: r.rule.reward_name,
    earned_at: r.earnedAt.toISOString(),
    redeemed_at: r.redeemedAt?.toISOString() ?? null,
  });
  const waiting = await tx
    .select({
      id: rewards.id,
      subscriptionId: rewards.subscriptionId,
      rule: rewards.rule,
      earnedAt: rewards.earnedAt,
      redeemedAt: rewards.redeemedAt,
    })
    .from(rewards)
    .where(and(inArray(rewards.subscriptionId, subscriptionIds), isNull(rewards.redeemedAt)))
    .orderBy(asc(rewards.earnedAt), asc(rewards.milestone));
  for (const r of waiting) byId.get(r.subscriptionId)?.push(view(r));
  // A customer or a detail shows a few subscriptions: one short indexed read each.
  for (const id of subscriptionIds) {
    for (const r of await recentlyRedeemed(tx, id, redeemedLimit)) byId.get(id)?.push(r);
  }
  return byId;
}

/** Paid periods of a subscription, as the customer area counts them (ADR 086). */
export async function paidPeriodsOf(tx: Tx, subscriptionId: string): Promise<number> {
  const [row] = await tx
    .select({
      paid: sql<number>`count(*) filter (where ${nestInvoices.status} = 'paid' and ${nestInvoices.amountPaidCents} > 0)::int`,
    })
    .from(nestInvoices)
    .where(eq(nestInvoices.subscriptionId, subscriptionId));
  return Number(row?.paid ?? 0);
}

/**
 * Hands a reward over, once: a single conditional update, so of two counters pressing "Redeem" at
 * the same time exactly one wins; the other (and any later try) is 409. Another nest's reward: 404.
 */
export async function redeemReward(
  tx: Tx,
  nestId: string,
  userId: string,
  rewardId: string,
  now: Date = new Date(),
): Promise<RedeemedReward> {
  if (!isUuid(rewardId)) throw notFound();
  const [row] = await tx
    .update(rewards)
    .set({ redeemedAt: now, redeemedBy: userId })
    .where(and(eq(rewards.id, rewardId), eq(rewards.nestId, nestId), isNull(rewards.redeemedAt)))
    .returning();
  if (row) {
    await emitWebhookEvent(tx, {
      nestId,
      type: 'reward.redeemed',
      data: {
        reward_id: row.id,
        subscription_id: row.subscriptionId,
        reward_name: row.rule.reward_name,
        earned_at: row.earnedAt.toISOString(),
        redeemed_at: (row.redeemedAt ?? now).toISOString(),
      },
    });
    return {
      id: row.id,
      reward_name: row.rule.reward_name,
      earned_at: row.earnedAt.toISOString(),
      redeemed_at: (row.redeemedAt ?? now).toISOString(),
    };
  }
  const [existing] = await tx
    .select({ id: rewards.id })
    .from(rewards)
    .where(and(eq(rewards.id, rewardId), eq(rewards.nestId, nestId)));
  if (existing) throw new AppError('reward_already_redeemed');
  throw notFound();
}
