import type { Merchant, SignupBody } from '@nest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alias, identify } from '@/lib/analytics/analytics';
import { api } from '@/lib/api-client';
import { rememberMerchant } from '../merchant-session';

/** POST /api/v1/users: creates the merchant account and signs the merchant in. */
export async function signUp(body: SignupBody): Promise<Merchant> {
  return api.post<Merchant>('/api/v1/users', body, { renewSession: false });
}

/** The browser's time zone, so "this month" of revenue is the merchant's month; undefined if unknown. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (merchant) => {
      rememberMerchant(queryClient, merchant);
      // The visit so far (anonymous) becomes the new merchant's history (spec §7: alias creation).
      alias(merchant.id);
      identify(merchant.id);
    },
  });
}
