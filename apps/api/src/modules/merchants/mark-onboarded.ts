import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/**
 * Locks the merchant's row for the rest of the transaction (two onboarding submissions queue here)
 * and answers the time zone a new nest starts with; undefined when the merchant is gone.
 */
export async function lockMerchantForOnboarding(tx: Tx, merchantId: string) {
  const [merchant] = await tx
    .select({ id: users.id, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, merchantId))
    .for('update');
  return merchant;
}

/** The merchant finished onboarding (their nest exists); the first time is kept. */
export async function markOnboarded(tx: Tx, merchantId: string): Promise<void> {
  await tx
    .update(users)
    .set({ onboardedAt: sql`coalesce(${users.onboardedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, merchantId));
}
