import { defaultLocale, isLocale, type Merchant } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { param, prepared } from '../../db/prepared.js';
import { planSubscriptions, users } from '../../db/schema/index.js';

/** Prepared: every page of the merchant area asks for it first. */
const merchantWithPlan = prepared('merchants_with_plan', (db, name) =>
  db
    .select({ user: users, subscription: planSubscriptions })
    .from(users)
    .leftJoin(planSubscriptions, eq(planSubscriptions.userId, users.id))
    .where(eq(users.id, param('userId')))
    .limit(1)
    .prepare(name),
);

/** The merchant as the API shows them to themselves (GET /users/me), with their plan subscription. */
export async function getMerchant(db: Tx, userId: string): Promise<Merchant | null> {
  const [row] = await merchantWithPlan(db).execute({ userId });
  if (!row) return null;
  const { user, subscription } = row;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    locale: isLocale(user.locale) ? user.locale : defaultLocale,
    time_zone: user.timeZone,
    onboarded_at: user.onboardedAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
    subscription: subscription
      ? {
          plan: subscription.plan,
          status: subscription.status,
          next_payment_at: subscription.nextPaymentAt?.toISOString() ?? null,
          cancel_at_period_end: subscription.cancelAtPeriodEnd,
        }
      : null,
  };
}
