import type { LoginBody, Merchant } from '@nest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { identify } from '@/lib/analytics/analytics';
import { api } from '@/lib/api-client';
import { forgetMerchant, rememberMerchant } from '../merchant-session';

/** POST /api/v1/users/login: opens a session in httpOnly cookies and answers with the merchant. */
export async function logIn(body: LoginBody): Promise<Merchant> {
  return api.post<Merchant>('/api/v1/users/login', body, { renewSession: false });
}

export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    onSuccess: (merchant) => {
      rememberMerchant(queryClient, merchant);
      identify(merchant.id);
    },
    // A failed login leaves no account behind (spec §4); the API has cleared the cookies too.
    onError: () => forgetMerchant(queryClient),
  });
}
