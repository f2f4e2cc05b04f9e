import type { Tx } from '../../db/client.js';
import type { CheckInCounters, CounterSubscription } from '../subscriptions/customer-subscriptions.js';
import { earnedRewardsOf } from './rewards.js';
import { countedCheckIns, usageView, usedInWindow } from './usage.js';

/**
 * For the customer area: usage left in the current window, check-in reward progress and the rewards
 * earned (waiting and redeemed), from what the counter recorded (verify-at-counter.ts). A customer
 * has few subscriptions.
 */
export const checkInCounters: CheckInCounters = async (db: Tx, subscriptions: CounterSubscription[]) => {
  const now = new Date();
  const rewards = await earnedRewardsOf(
    db,
    subscriptions.map((s) => s.id),
  );
  const entries = await Promise.all(
    subscriptions.map(async (s) => {
      const usage = s.usageAllowance
        ? usageView(
            s.usageAllowance,
            await usedInWindow(db, s.id, s.usageAllowance, s.timeZone, s.currentPeriodStart, now),
          )
        : null;
      const checkIns = s.rewardRule?.kind === 'check_ins' ? await countedCheckIns(db, s.id) : null;
      return [s.id, { usage, checkIns, rewards: rewards.get(s.id) ?? [] }] as const;
    }),
  );
  return new Map(entries);
};
