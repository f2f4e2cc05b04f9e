import type { Merchant } from '@nest/contracts';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** How long the success page waits for the provider's confirmation before saying it is slow. */
export const CONFIRMATION_PATIENCE_MS = 30_000;

/** True once the plan is paid for: running, and paid through a date still ahead. */
export function isPlanConfirmed(merchant: Merchant | undefined, now: number): boolean {
  const subscription = merchant?.subscription;
  if (!subscription?.next_payment_at) return false;
  if (subscription.status !== 'active' && subscription.status !== 'trialing') return false;
  return Date.parse(subscription.next_payment_at) > now;
}

/**
 * Polite polling: every second at first (the webhook usually lands within one), then less often, so
 * a slow provider is not hammered for the whole half minute.
 */
export function confirmationPollDelay(elapsedMs: number): number {
  if (elapsedMs < 5_000) return 1_000;
  if (elapsedMs < 15_000) return 2_000;
  return 4_000;
}

export type ConfirmationStatus = 'waiting' | 'confirmed' | 'slow';

/**
 * Reads the signed-in merchant again and again (the guards' own query, so they see the new plan
 * too) until the webhook-driven plan is active, for CONFIRMATION_PATIENCE_MS at most. `retry` starts
 * another round after a slow one.
 */
export function usePlanConfirmation<TKey extends QueryKey>(
  merchantQuery: UseQueryOptions<Merchant, Error, Merchant, TKey>,
) {
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [slow, setSlow] = useState(false);
  const query = useQuery({
    ...merchantQuery,
    // What the guard loaded a moment ago predates the payment: read it again on arrival.
    refetchOnMount: 'always',
    refetchInterval: (current) => {
      if (slow || isPlanConfirmed(current.state.data, Date.now())) return false;
      return confirmationPollDelay(Date.now() - startedAt);
    },
  });
  const confirmed = isPlanConfirmed(query.data, Date.now());

  useEffect(() => {
    if (confirmed || slow) return;
    const timer = window.setTimeout(
      () => setSlow(true),
      Math.max(0, startedAt + CONFIRMATION_PATIENCE_MS - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [confirmed, slow, startedAt]);

  const status: ConfirmationStatus = confirmed ? 'confirmed' : slow ? 'slow' : 'waiting';
  return {
    status,
    merchant: query.data,
    retry: () => {
      setSlow(false);
      setStartedAt(Date.now());
      void query.refetch();
    },
  };
}
