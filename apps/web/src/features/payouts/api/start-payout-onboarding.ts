import type { RedirectUrl } from '@nest/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { goToProvider } from '../lib/go-to-provider';

/**
 * Starts (or continues) payout onboarding: the API creates the connected account the first time and
 * answers a fresh single-use link to the provider's hosted page (POST /api/v1/nests/me/payout-account).
 */
export function startPayoutOnboarding(): Promise<RedirectUrl> {
  return api.post<RedirectUrl>('/api/v1/nests/me/payout-account');
}

/** Sends the browser to the provider's onboarding page once the link is made. */
export function useStartPayoutOnboarding() {
  return useMutation({
    mutationFn: async () => {
      const { url } = await startPayoutOnboarding();
      goToProvider(url);
      return url;
    },
  });
}
