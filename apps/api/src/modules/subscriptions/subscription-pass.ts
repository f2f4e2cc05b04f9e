import type { Pass } from '@nest/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { requireOwnSubscription } from './customer-invoices.js';
import { hasPass, passView } from './pass-view.js';

/**
 * The pass of one of the signed-in customer's subscriptions, for the customer area. Anyone else's
 * subscription (or an unknown id) is a 404; one that has ended or never started has no pass (409).
 */
export async function getSubscriptionPass(
  db: Db,
  passSecret: string,
  customerId: string,
  subscriptionId: string,
  now: Date = new Date(),
): Promise<Pass> {
  const subscription = await requireOwnSubscription(db, customerId, subscriptionId);
  if (!hasPass(subscription.status)) throw new AppError('pass_unavailable');
  return passView(passSecret, subscription, now);
}
