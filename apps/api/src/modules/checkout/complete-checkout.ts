import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { nestCheckouts } from '../../db/schema/index.js';
import { countSubscriptionWon } from '../links/link-counters.js';

/**
 * The first time a subscription holds a place (paid, or in its trial), its checkout is completed
 * and its link counts a subscription won. Completing the checkout row only once is what makes the
 * count exact, however many events and success-page visits observe it. The subscriptions module's
 * sync calls this through its hooks (SubscriptionSyncHooks.placeHeld).
 */
export async function completeCheckout(
  tx: Tx,
  held: { checkoutId: string; subscriptionId: string },
): Promise<void> {
  const [completed] = await tx
    .update(nestCheckouts)
    .set({ subscriptionId: held.subscriptionId, completedAt: new Date() })
    .where(and(eq(nestCheckouts.id, held.checkoutId), isNull(nestCheckouts.completedAt)))
    .returning({ linkId: nestCheckouts.linkId });
  if (!completed) return;
  await countSubscriptionWon(tx, completed.linkId);
}
