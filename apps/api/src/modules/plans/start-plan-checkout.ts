import type { Locale, PlanId } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import { planSubscriptions, users } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { findPlanOfMerchant } from './find-plan-subscription.js';
import { planPrice } from './plan-catalogue.js';
import type { PlanContext } from './plan-context.js';
import { planMetadata } from './plan-metadata.js';

/**
 * Starts paying for a plan: the merchant's customer at the provider (created once, kept on their
 * plan row), then a hosted checkout in subscription mode. Nothing is granted here; the plan starts
 * when the provider's webhook says it was paid.
 */
export async function startPlanCheckout(
  ctx: PlanContext,
  input: { userId: string; plan: PlanId; locale: Locale; requestKey: string },
): Promise<{ url: string; sessionId: string }> {
  const [user] = await ctx.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) throw notFound();
  const current = await findPlanOfMerchant(ctx.db, input.userId);
  if (current?.providerSubscriptionId && current.status !== 'canceled' && current.status !== 'incomplete') {
    throw new AppError('plan_exists', { status: 409 });
  }
  const provider = ctx.provider;
  const customerId =
    current?.providerCustomerId && current.provider === provider.name
      ? current.providerCustomerId
      : (
          await provider.createCustomer(
            {
              ownerId: input.userId,
              email: user.email,
              name: user.name,
              locale: input.locale,
              metadata: planMetadata(input.userId, 'plan'),
            },
            { idempotencyKey: `nest:plan-customer:${input.userId}` },
          )
        ).id;
  // Kept before paying, so a second attempt reuses the customer rather than making another.
  await ctx.db
    .insert(planSubscriptions)
    .values({
      userId: input.userId,
      plan: input.plan,
      status: 'incomplete',
      provider: provider.name,
      providerCustomerId: customerId,
    })
    .onConflictDoUpdate({
      target: planSubscriptions.userId,
      set: { providerCustomerId: customerId, provider: provider.name, updatedAt: new Date() },
    });
  const session = await provider.createPlanCheckout(
    {
      customerId,
      price: planPrice(ctx.config, input.plan),
      successUrl: `${ctx.config.publicUrl}/admin/onboarding/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${ctx.config.publicUrl}/admin/pricing`,
      locale: input.locale,
      metadata: planMetadata(input.userId, 'plan'),
    },
    { idempotencyKey: `nest:plan-checkout:${input.userId}:${input.requestKey}` },
  );
  return { url: session.url, sessionId: session.id };
}
