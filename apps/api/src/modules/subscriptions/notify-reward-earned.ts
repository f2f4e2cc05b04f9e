import { hasFeature } from '@nest/contracts';
import { and, count, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { nestTransactions, rewards } from '../../db/schema/index.js';
import { type EmailRequest, SEND_EMAIL_JOB } from '../../emails/send-email.js';
import { findMerchantPlan } from '../plans/find-merchant-plan.js';
import { emitWebhookEvent } from '../webhooks/emit-event.js';
import type { NestSubscriptionSync, NestSyncContext } from './sync-nest-subscription.js';

/**
 * Right after a customer's payment was recorded (same transaction, only the first time an invoice is
 * seen paid): when the offer rewards paid periods and the subscription's paid periods just reached a
 * multiple of the target, the customer is told in their language. One email per reward: payments
 * are recorded once per invoice, so the count moves by one each time, and the dedupe key names the
 * count reached. Check-in rewards are earned at the counter (modules/verification, ADR 092).
 */
export async function notifyRewardEarned(
  ctx: NestSyncContext,
  tx: Tx,
  sync: NestSubscriptionSync,
): Promise<void> {
  const rule = sync.target.rewardRule;
  if (rule?.kind !== 'paid_periods' || rule.every < 1) return;
  // Progression is a Pro and Enterprise feature (ADR 044): on another plan the rule rests.
  const plan = await findMerchantPlan(tx, sync.target.ownerId);
  if (!plan || !hasFeature(plan, 'progression')) return;
  const [row] = await tx
    .select({ paid: count() })
    .from(nestTransactions)
    .where(
      and(
        eq(nestTransactions.subscriptionId, sync.subscription.id),
        eq(nestTransactions.kind, 'payment'),
        eq(nestTransactions.status, 'succeeded'),
      ),
    );
  const paidPeriods = Number(row?.paid ?? 0);
  if (paidPeriods === 0 || paidPeriods % rule.every !== 0) return;
  // Recorded too, so the counter can hand it over once (ADR 092).
  const [earned] = await tx
    .insert(rewards)
    .values({
      nestId: sync.subscription.nestId,
      subscriptionId: sync.subscription.id,
      kind: 'paid_periods',
      rule,
      milestone: paidPeriods,
    })
    .onConflictDoNothing()
    .returning({ id: rewards.id, earnedAt: rewards.earnedAt });
  if (earned) {
    await emitWebhookEvent(tx, {
      nestId: sync.subscription.nestId,
      type: 'reward.earned',
      data: {
        reward_id: earned.id,
        subscription_id: sync.subscription.id,
        customer_id: sync.subscription.customerId,
        reward_name: rule.reward_name,
        kind: 'paid_periods',
        milestone: paidPeriods,
        earned_at: earned.earnedAt.toISOString(),
      },
    });
  }
  const email: EmailRequest<'reward-earned'> = {
    to: sync.customer.email,
    locale: sync.customer.locale === 'fr-FR' ? 'fr-FR' : 'en-US',
    template: 'reward-earned',
    params: {
      name: sync.customer.name ?? '',
      nestName: sync.target.nestName,
      offerName: sync.target.offerName,
      rewardName: rule.reward_name,
      paidPeriods,
      areaUrl: `${ctx.publicUrl}/client/app/overview`,
    },
    recipient: { nestId: sync.subscription.nestId, customerId: sync.subscription.customerId },
  };
  await ctx.jobs.enqueue(SEND_EMAIL_JOB, email, {
    tx,
    dedupeKey: `reward-earned:${sync.subscription.id}:${paidPeriods}`,
  });
}
