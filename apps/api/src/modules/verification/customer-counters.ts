import type { RewardRule, UsageAllowance } from '@nest/contracts';
import type { Tx } from '../../db/client.js';
import { countedCheckIns, usageView, usedInWindow } from './usage.js';

export interface CounterSubscription {
  id: string;
  usageAllowance: UsageAllowance | null;
  rewardRule: RewardRule | null;
  currentPeriodStart: Date | null;
  timeZone: string;
}

/**
 * For the customer area: usage left in the current window and check-in reward progress, from the
 * recorded check-ins (the counter's rules: verify-at-counter.ts). A customer has few subscriptions.
 */
export async function checkInCounters(db: Tx, subscriptions: CounterSubscription[], now: Date = new Date()) {
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
}
