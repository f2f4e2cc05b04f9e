import { example, exampleIds } from './example.js';
import {
  checkInListSchema,
  checkInSchema,
  counterSearchResultSchema,
  payNowEmailSchema,
  redeemedRewardSchema,
  subscriptionRewardsSchema,
  verificationSchema,
  verifyBodySchema,
} from './verification.js';

const reward = {
  id: exampleIds.reward,
  reward_name: 'A pastry of your choice',
  earned_at: '2026-10-29T08:12:40Z',
};

export const verifyBody = example(verifyBodySchema, { code: '7KQ2-XM9D' });

/** Camille shows her pass at 08:47: green, her coffee of the day, 7 visits of 10 towards a pastry. */
export const verification = example(verificationSchema, {
  id: exampleIds.checkIn,
  result: 'eligible',
  reason: null,
  repeat: false,
  checked_at: '2026-11-24T08:47:13Z',
  customer: { name: 'Camille Martin' },
  offer: { name: 'Coffee club', grants: 'One filter coffee a day' },
  subscription: {
    id: exampleIds.subscription,
    status: 'active',
    current_period_end: '2026-12-12T16:20:05Z',
    cancel_at_period_end: false,
    grace_until: null,
    paused_until: null,
    can_pay_now: false,
  },
  events: [],
  usage: { allowance: { uses: 1, per: 'day' }, used: 1, left: 0 },
  reward: {
    rule: { kind: 'check_ins', every: 10, reward_name: 'A pastry of your choice' },
    progress: 7,
    target: 10,
    earned_now: false,
    waiting: [],
    redeemed: [{ ...reward, redeemed_at: '2026-10-31T09:05:12Z' }],
  },
});

export const checkIn = example(checkInSchema, {
  id: exampleIds.checkIn,
  checked_at: '2026-11-24T08:47:13Z',
  result: 'eligible',
  reason: null,
  repeat: false,
  customer_name: 'Camille Martin',
  offer_name: 'Coffee club',
  undo_until: '2026-11-24T08:49:13Z',
  undone_at: null,
  offline: false,
  accepted_offline: null,
});

export const checkInList = example(checkInListSchema, { check_ins: [checkIn.value] });

export const redeemedReward = example(redeemedRewardSchema, {
  ...reward,
  redeemed_at: '2026-10-31T09:05:12Z',
});

export const counterSearchResult = example(counterSearchResultSchema, {
  customers: [
    {
      id: exampleIds.customer,
      name: 'Camille Martin',
      email: 'camille.martin@example.com',
      subscriptions: [
        {
          id: exampleIds.subscription,
          offer_name: 'Coffee club',
          status: 'active',
          result: 'eligible',
          reason: null,
          grace_until: null,
          paused_until: null,
          can_pay_now: false,
          usage_left: 1,
          waiting_rewards: 0,
        },
      ],
    },
  ],
});

export const payNowEmail = example(payNowEmailSchema, {
  subscription_id: exampleIds.subscription,
  sent_to: 'camille.martin@example.com',
  sent_at: '2026-11-24T09:30:02Z',
});

export const subscriptionRewards = example(subscriptionRewardsSchema, {
  rewards: [{ ...reward, redeemed_at: '2026-10-31T09:05:12Z' }],
});
