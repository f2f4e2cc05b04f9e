import type { RedirectUrl } from '@nest/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * A fresh onboarding link for an expired one (POST /api/v1/payout-accounts/{id}/link). Nothing from the
 * page's address is sent along: the server alone decides where the provider sends the merchant.
 * Another merchant's account id is a 404.
 */
export function refreshPayoutLink(accountId: string, options: { signal?: AbortSignal } = {}) {
  return api.post<RedirectUrl>(`/api/v1/payout-accounts/${encodeURIComponent(accountId)}/link`, undefined, {
    signal: options.signal,
  });
}

/** Mints the link once when the refresh page opens (never again on re-render or focus). */
export function useRefreshedPayoutLink(accountId: string) {
  return useQuery({
    queryKey: ['payouts', 'refresh-link', accountId],
    queryFn: ({ signal }) => refreshPayoutLink(accountId, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}
