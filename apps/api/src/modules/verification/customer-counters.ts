import type { Tx } from '../../db/client.js';
import type { CheckInCounters, CounterSubscription } from '../subscriptions/customer-subscriptions.js';
import { countedCheckIns, usageView, usedInWindow } from './usage.js';

/**
 * For the customer area: usage left in the current window and check-in reward progress, from the
 * recorded check-ins (the counter's rules: verify-at-counter.ts). A customer has few subscriptions.
 */
export const checkInCounters: CheckInCounters = async (db: Tx, subscriptions: CounterSubscription[]) => {
  const now = new Date();
  const entries = await Promise.all(
    subscriptions.map(async (s) => {
      const usage = s.usageAllowance
        ? usageView(
            s.usageAllowance,
            await usedInWindow(db, s.id, s.usageAllowance, s.timeZone, s.currentPeriodStart, now),
          )
        : null;
      const checkIns = s.rewardRule?.kind === 'check_ins' ? await countedCheckIns(db, s.id) : null;
      return [s.id, { usage, checkIns }] as const;
    }),
  );
  return new Map(entries);
};
