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

function loadMerchant(queryClient: QueryClient, options: { fresh: boolean }): Promise<Merchant> {
  return queryClient.fetchQuery({
    ...getCurrentMerchantQueryOptions(),
    // The guard runs the refresh itself (below), in the spec's order, instead of the API client.
    queryFn: ({ signal }) => getCurrentMerchant({ signal, renewSession: false }),
    ...(options.fresh ? { staleTime: 0 } : {}),
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
    return await loadMerchant(queryClient, { fresh: false });
  } catch (error) {
    if (!isSignedOut(error)) throw error;
  }
  try {
    await refreshSession();
    return await loadMerchant(queryClient, { fresh: true });
  } catch (error) {
    if (!isSignedOut(error)) throw error;
  }
  forgetMerchant(queryClient);
  return null;
}
