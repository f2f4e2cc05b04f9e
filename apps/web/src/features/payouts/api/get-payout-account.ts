import type { PayoutAccount } from '@nest/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const payoutAccountQueryKey = ['payouts', 'account'] as const;

/** The merchant's payout account as last synced from the provider (GET /api/v1/nests/me/payout-account). */
export function getPayoutAccount(options: { signal?: AbortSignal } = {}): Promise<PayoutAccount> {
  return api.get<PayoutAccount>('/api/v1/nests/me/payout-account', { signal: options.signal });
}

export function getPayoutAccountQueryOptions() {
  return queryOptions({
    queryKey: payoutAccountQueryKey,
    queryFn: ({ signal }) => getPayoutAccount({ signal }),
  });
}

export function usePayoutAccount(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getPayoutAccountQueryOptions(), enabled: options.enabled ?? true });
}
