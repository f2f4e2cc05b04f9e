import type { Db } from '../../db/client.js';
import type { CheckInCounters } from './customer-subscriptions.js';
import type { NestSyncContext } from './sync-nest-subscription.js';

/** What the subscription use cases need from the app; built once by this module's routes. */
export interface SubscriptionContext extends NestSyncContext {
  db: Db;
  checkInCounters: CheckInCounters;
}
