import type { Merchant } from '@nest/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';
import { getCurrentMerchant, getCurrentMerchantQueryOptions } from '../api/get-current-merchant';
import { refreshSession } from '../api/refresh-session';
import { forgetMerchant } from '../merchant-session';

/** Only a 401 means "no session": a network failure or a 5xx says nothing about the session. */
function isSignedOut(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/**
 * Always from the server: a session ended elsewhere (logout in another tab, password reset) or a plan
 * just paid must count at this navigation, not when the cache gets stale. The screens then read the
 * answer from the cache instead of asking again.
 */
function loadMerchant(queryClient: QueryClient): Promise<Merchant> {
  return queryClient.fetchQuery({
    ...getCurrentMerchantQueryOptions(),
    // The guard runs the refresh itself (below), in the spec's order, instead of the API client.
    queryFn: ({ signal }) => getCurrentMerchant({ signal, renewSession: false }),
    staleTime: 0,
  });
}

/**
 * The session part of the guards of /admin/app and /admin/onboarding (spec §4): load the current
 * merchant; on failure refresh the tokens and load again; if that fails too, clear the stored account
 * and answer null (the caller sends the visitor to the login page). Failures that are not about the
 * session (offline, server errors) are thrown, for the error page, and keep the account: signing a
 * merchant out because the network blinked would be wrong.
 */
export async function loadMerchantSession(queryClient: QueryClient): Promise<Merchant | null> {
  try {
    return await loadMerchant(queryClient);
  } catch (error) {
    if (!isSignedOut(error)) throw error;
  }
  try {
    await refreshSession();
    return await loadMerchant(queryClient);
  } catch (error) {
    if (!isSignedOut(error)) throw error;
  }
  forgetMerchant(queryClient);
  return null;
}
