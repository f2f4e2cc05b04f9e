import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reset } from '@/lib/analytics/analytics';
import { api } from '@/lib/api-client';
import { forgetMerchant } from '../merchant-session';

/** GET /api/v1/users/logout: revokes the session on the server and clears its cookies (204). */
export async function logOut(): Promise<void> {
  await api.get<void>('/api/v1/users/logout', { renewSession: false });
}

/**
 * The counter's offline key and snapshot on this device go with the session (ADR 184): whoever
 * picks up the device after sign-out reads nothing. Loaded only when a merchant signs out.
 */
async function forgetCounter(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const { forgetCounterKeys } = await import('@/features/verification/offline/forget');
  await forgetCounterKeys();
}

/**
 * Logout clears the stored account (spec §4) once the server has ended the session. When the call
 * fails (offline), the merchant stays signed in and is told: clearing only this tab would leave a live
 * session in the browser's cookies while the merchant believes they are out.
 */
export function useLogOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await logOut();
      await forgetCounter().catch(() => undefined);
    },
    onSuccess: () => {
      forgetMerchant(queryClient);
      reset();
    },
  });
}
