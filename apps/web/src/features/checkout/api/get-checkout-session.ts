import type { CheckoutSessionView } from '@nest/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** While the provider has not confirmed the payment, ask again this often. */
export const PENDING_POLL_MS = 2_000;
/** Ask for a new pass this long before the current one can be renewed, never sooner than this floor. */
const MIN_PASS_REFRESH_MS = 1_000;

/** The success page's data: this checkout's subscription and a pass for it (no sign-in: the session id is the proof). */
export function getCheckoutSession(
  sessionId: string,
  options: { signal?: AbortSignal } = {},
): Promise<CheckoutSessionView> {
  return api.get<CheckoutSessionView>(`/api/v1/public/checkout-sessions/${encodeURIComponent(sessionId)}`, {
    signal: options.signal,
  });
}

/** When to ask again: soon while pending, at the pass's refresh time once complete, never after a failure. */
export function nextRefreshMs(view: CheckoutSessionView | undefined, now = Date.now()): number | false {
  if (!view) return false;
  if (view.status === 'pending') return PENDING_POLL_MS;
  if (!view.pass) return false;
  return Math.max(MIN_PASS_REFRESH_MS, Date.parse(view.pass.refresh_at) - now);
}

export function getCheckoutSessionQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: ['checkout-sessions', sessionId] as const,
    queryFn: ({ signal }) => getCheckoutSession(sessionId, { signal }),
    refetchInterval: (query) => (query.state.error ? false : nextRefreshMs(query.state.data)),
    // A rotating pass is stale as soon as it is replaced; keep polling in a background tab too.
    refetchIntervalInBackground: false,
    retry: false,
  });
}

export function useCheckoutSession(sessionId: string) {
  return useQuery(getCheckoutSessionQueryOptions(sessionId));
}
