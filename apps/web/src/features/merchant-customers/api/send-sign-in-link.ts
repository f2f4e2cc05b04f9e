import type { MerchantSignInLinkSent } from '@nest/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Emails the customer a new sign-in code and link (POST …/nest-customers/{id}/sign-in-link). */
export function useSendSignInLink() {
  return useMutation({
    mutationFn: (customerId: string) =>
      api.post<MerchantSignInLinkSent>(
        `/api/v1/nests/me/nest-customers/${encodeURIComponent(customerId)}/sign-in-link`,
        {},
      ),
  });
}
