import type { CustomerSubscription } from '@nest/contracts';

/** The statuses in which a subscription has a pass (the API's rule, ADR 081). */
const passStatuses = new Set(['trialing', 'active', 'past_due', 'unpaid']);

export function hasPass(subscription: Pick<CustomerSubscription, 'status'>): boolean {
  return passStatuses.has(subscription.status);
}

/** Something is due and the card must ask for it first: past due, unpaid, or an open invoice. */
export function needsPayment(
  subscription: Pick<CustomerSubscription, 'status' | 'unpaid_amount_cents'>,
): boolean {
  return (
    subscription.status === 'past_due' ||
    subscription.status === 'unpaid' ||
    (hasPass(subscription) && subscription.unpaid_amount_cents > 0)
  );
}

/**
 * What the card says about the subscription, in one word the locale catalogue turns into a sentence:
 * `cancelling` while it runs until the end of the period, `ended` once cancelled.
 */
export type SubscriptionPhase =
  | 'due'
  | 'trialing'
  | 'active'
  | 'paused'
  | 'cancelling'
  | 'starting'
  | 'ended';

/** Inside its paused window now (ADR 150): no charge, no entry at the counter until it ends. */
export function isPausedNow(subscription: Pick<CustomerSubscription, 'pause'>, now = Date.now()): boolean {
  const pause = subscription.pause;
  return pause !== null && Date.parse(pause.starts_at) <= now && now < Date.parse(pause.ends_at);
}

export function phaseOf(
  subscription: Pick<CustomerSubscription, 'status' | 'unpaid_amount_cents' | 'cancel_at_period_end'> &
    Partial<Pick<CustomerSubscription, 'pause'>>,
): SubscriptionPhase {
  if (subscription.status === 'canceled') return 'ended';
  if (subscription.status === 'incomplete') return 'starting';
  if (needsPayment(subscription)) return 'due';
  if (subscription.cancel_at_period_end) return 'cancelling';
  if (subscription.pause && isPausedNow({ pause: subscription.pause })) return 'paused';
  return subscription.status === 'trialing' ? 'trialing' : 'active';
}

const phaseRank: Record<SubscriptionPhase, number> = {
  due: 0,
  trialing: 1,
  active: 1,
  paused: 2,
  cancelling: 2,
  starting: 3,
  ended: 4,
};

/**
 * The order of the cards: what needs paying first (spec: past-due subscriptions say so first), then
 * the running ones, those ending, and the ended last; within a group by nest name, then offer name,
 * so the list does not jump around between visits.
 */
export function orderSubscriptions<T extends CustomerSubscription>(subscriptions: readonly T[]): T[] {
  return [...subscriptions].sort(
    (a, b) =>
      phaseRank[phaseOf(a)] - phaseRank[phaseOf(b)] ||
      a.nest.name.localeCompare(b.nest.name) ||
      a.offer.name.localeCompare(b.offer.name) ||
      a.id.localeCompare(b.id),
  );
}
