import type { Merchant } from '@nest/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { merchantAccount } from '@/lib/session-storage';
import { installSessionRenewal } from '../session-renewal';

/** The one cache key of the signed-in merchant: the guards fill it, the screens read it. */
export const currentMerchantQueryKey = ['users', 'me'] as const;

/**
 * The signed-in merchant (GET /api/v1/users/me), kept as the stored account of this tab.
 * `renewSession: false` lets the guards run the spec's own refresh-then-reload sequence.
 */
export async function getCurrentMerchant(
  options: { signal?: AbortSignal; renewSession?: boolean } = {},
): Promise<Merchant> {
  const merchant = await api.get<Merchant>('/api/v1/users/me', options);
  merchantAccount.set(merchant);
  // Wherever the app learns that a merchant is signed in, their session is kept alive from then on.
  installSessionRenewal();
  return merchant;
}

export function getCurrentMerchantQueryOptions() {
  return queryOptions({
    queryKey: currentMerchantQueryKey,
    queryFn: ({ signal }) => getCurrentMerchant({ signal }),
  });
}

export function useCurrentMerchant() {
  return useQuery(getCurrentMerchantQueryOptions());
}
