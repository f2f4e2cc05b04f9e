import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { nestLinks } from '../../db/schema/index.js';

/** A visitor of the link started a checkout: counted in the checkout's own transaction. */
export async function countCheckoutStarted(tx: Tx, linkId: string): Promise<void> {
  await tx
    .update(nestLinks)
    .set({ checkoutsStarted: sql`${nestLinks.checkoutsStarted} + 1` })
    .where(eq(nestLinks.id, linkId));
}

/** A checkout through the link became a subscription: counted once, when the checkout completes. */
export async function countSubscriptionWon(tx: Tx, linkId: string): Promise<void> {
  await tx
    .update(nestLinks)
    .set({ subscriptionsWon: sql`${nestLinks.subscriptionsWon} + 1` })
    .where(eq(nestLinks.id, linkId));
}
