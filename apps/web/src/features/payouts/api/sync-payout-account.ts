import type { PayoutAccount } from '@nest/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { payoutAccountQueryKey } from './get-payout-account';

/**
 * Re-reads the payout account from the provider (POST /api/v1/payout-accounts/{id}/sync). Arriving on
 * the return page proves nothing: only the provider knows whether the merchant finished.
 * Another merchant's account id is a 404.
 */
export function syncPayoutAccount(accountId: string, options: { signal?: AbortSignal } = {}) {
  return api.post<PayoutAccount>(`/api/v1/payout-accounts/${encodeURIComponent(accountId)}/sync`, undefined, {
    signal: options.signal,
    // Reading the provider again changes nothing that a second read would not: safe to retry.
    retry: true,
  });
}

/** Runs the sync once when the return page opens; the answer also refreshes the cached payout account. */
export function useSyncedPayoutAccount(accountId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['payouts', 'sync', accountId],
    queryFn: async ({ signal }) => {
      const account = await syncPayoutAccount(accountId, { signal });
      queryClient.setQueryData(payoutAccountQueryKey, account);
      return account;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}
