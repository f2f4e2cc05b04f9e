import { isLocale } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { revenueAlerts, users } from '../../db/schema/index.js';
import { type EmailRequest, SEND_EMAIL_JOB } from '../../emails/send-email.js';
import type { Jobs } from '../../types.js';
import { findMerchantPlan } from '../plans/find-merchant-plan.js';
import { planName } from '../plans/plan-catalogue.js';
import { monthRevenue } from './month-revenue.js';
import { revenueLimitOf, revenueStanding } from './revenue-limit.js';

export interface RevenueWarningContext {
  jobs: Jobs;
  publicUrl: string;
}

/**
 * After a customer payment is recorded (in its transaction): when the merchant's month crosses 80 %
 * of their plan's limit, or the limit itself, they are told once that month. The revenue_alerts row
 * is the memory of "once" (the job's dedupe key alone would be forgotten when old jobs are pruned).
 * This only informs: nothing here refuses a payment, so renewals are never held back.
 */
export async function warnOnRevenue(
  ctx: RevenueWarningContext,
  tx: Tx,
  userId: string,
  at: Date,
): Promise<void> {
  const plan = await findMerchantPlan(tx, userId);
  const limit = revenueLimitOf(plan);
  if (limit === null) return;
  const { month, cents } = await monthRevenue(tx, userId, at);
  const standing = revenueStanding(cents, limit);
  if (!standing.warning) return;
  // Crossing both at once (one large payment) tells the bigger news only.
  const levels = standing.limitReached ? [100, 80] : [80];
  const inserted = await tx
    .insert(revenueAlerts)
    .values(levels.map((percent) => ({ userId, month, percent })))
    .onConflictDoNothing()
    .returning({ percent: revenueAlerts.percent });
  const fresh = new Set(inserted.map((row) => row.percent));
  const template = standing.limitReached
    ? fresh.has(100) && ('revenue-limit-reached' as const)
    : fresh.has(80) && ('revenue-warning' as const);
  if (!template) return;

  const [user] = await tx
    .select({ email: users.email, name: users.name, locale: users.locale, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  const email: EmailRequest<typeof template> = {
    to: user.email,
    locale: isLocale(user.locale) ? user.locale : 'en-US',
    template,
    params: {
      name: user.name,
      planName: planName(plan ?? 'starter'),
      month,
      monthCents: cents,
      limitCents: limit,
      currency: 'eur',
      dashboardUrl: `${ctx.publicUrl}/admin/app/dashboard`,
    },
  };
  await ctx.jobs.enqueue(SEND_EMAIL_JOB, email, {
    tx,
    dedupeKey: `revenue-${standing.limitReached ? 100 : 80}:${userId}:${month}`,
  });
}
