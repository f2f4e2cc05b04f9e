import type { NestCustomer } from '@nest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logInCustomer, logOutCustomer } from '../api/customer';
import { forgetCustomer, rememberCustomer } from '../customer-session';
import { afterLoginPath } from '../lib/after-login';
import { retryPendingLogout } from '../lib/pending-logout';

/** Signs in, forgets whoever was in before on failure (spec §4), and goes on into the area. */
export function useSignIn(next: string | null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (body: Parameters<typeof logInCustomer>[0]) => {
      // A sign-out the server did not hear goes first, so its answer cannot clear the new cookie.
      await retryPendingLogout(logOutCustomer);
      return logInCustomer(body);
    },
    onSuccess: (customer: NestCustomer) => {
      rememberCustomer(queryClient, customer);
      void navigate(afterLoginPath(next), { replace: true });
    },
    onError: () => forgetCustomer(queryClient),
  });
}
