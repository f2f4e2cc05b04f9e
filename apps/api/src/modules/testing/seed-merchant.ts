import { locales, type Merchant, planIdSchema, subscriptionStatusSchema } from '@nest/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { planSubscriptions } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { type OpenedSession, openSession } from '../auth/open-session.js';
import { createMerchant } from '../merchants/create-merchant.js';
import { getMerchant } from '../merchants/get-merchant.js';

/** The password of seeded merchants unless a test picks one. Test routes never exist in production. */
export const TEST_MERCHANT_PASSWORD = 'seeded-merchant-password-for-tests';

const DAY = 24 * 60 * 60 * 1000;

export const seedMerchantBodySchema = z
  .object({
    email: z.email().max(254),
    password: z.string().min(1).max(128).optional(),
    name: z.string().trim().min(1).max(100).optional(),
    locale: z.enum(locales).optional(),
    time_zone: z.string().max(64).optional(),
    /** The plan subscription; null or absent: none (the guard sends to /admin/pricing). */
    plan: planIdSchema.nullable().optional(),
    status: subscriptionStatusSchema.optional(),
    /** Defaults to 30 days ahead when a plan is given; null or a past date for the other guard branches. */
    next_payment_at: z.iso.datetime({ offset: true }).nullable().optional(),
    onboarded: z.boolean().optional(),
  })
  .strict();
export type SeedMerchantBody = z.infer<typeof seedMerchantBodySchema>;

/**
 * Creates a merchant in a chosen state (plan, payment date, onboarding) and signs them in, so guard
 * and screen tests start where they need to. Skips the password policy: tests choose their data.
 */
export async function seedMerchant(
  app: FastifyInstance,
  input: SeedMerchantBody,
): Promise<{ merchant: Merchant; session: OpenedSession }> {
  if (!input.plan && (input.status !== undefined || input.next_payment_at !== undefined)) {
    throw new AppError('validation_failed', {
      fields: [{ field: 'plan', code: 'required', message: 'status and next_payment_at need a plan.' }],
    });
  }
  const passwordHash = await hashPassword(input.password ?? TEST_MERCHANT_PASSWORD);
  const userId = await app.db.transaction(async (tx) => {
    const user = await createMerchant(tx, {
      email: input.email,
      passwordHash,
      name: input.name ?? 'Test Merchant',
      locale: input.locale ?? 'en-US',
      timeZone: input.time_zone,
      onboardedAt: input.onboarded ? new Date() : null,
    });
    if (input.plan) {
      const nextPaymentAt =
        input.next_payment_at === undefined
          ? new Date(Date.now() + 30 * DAY)
          : input.next_payment_at === null
            ? null
            : new Date(input.next_payment_at);
      await tx.insert(planSubscriptions).values({
        userId: user.id,
        plan: input.plan,
        status: input.status ?? 'active',
        nextPaymentAt,
        currentPeriodStart: nextPaymentAt ? new Date(nextPaymentAt.getTime() - 30 * DAY) : null,
      });
    }
    return user.id;
  });
  const session = await app.db.transaction((tx) => openSession(tx, { userId }));
  return { merchant: (await getMerchant(app.db, userId))!, session };
}
