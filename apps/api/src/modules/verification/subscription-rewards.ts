import type { SubscriptionRewards } from '@nest/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { nestSubscriptions } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../nests/find-nest.js';
import { earnedRewardsOf } from './rewards.js';

/** A subscription's rewards for its merchant (the customer's detail): waiting, then the latest 50 redeemed. */
export async function subscriptionRewards(
  db: Db,
  nestId: string,
  subscriptionId: string,
): Promise<SubscriptionRewards> {
  if (!isUuid(subscriptionId)) throw notFound();
  const [sub] = await db
    .select({ id: nestSubscriptions.id })
    .from(nestSubscriptions)
    .where(and(eq(nestSubscriptions.id, subscriptionId), eq(nestSubscriptions.nestId, nestId)));
  if (!sub) throw notFound();
  return { rewards: (await earnedRewardsOf(db, [sub.id], 50)).get(sub.id) ?? [] };
}
