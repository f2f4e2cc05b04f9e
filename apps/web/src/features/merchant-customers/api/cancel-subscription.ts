import type { MerchantCancellation, MerchantCustomerDetail } from '@nest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { merchantCustomersQueryKey } from './find-customers';

/**
 * Cancels one of the customer's subscriptions now or at period end, or takes a scheduled cancellation
 * back (POST …/nest-customers/{id}/subscriptions/{subscriptionId}/cancellation). The answer is the
 * customer's detail, history included; the table is read again.
 */
export function useCancelSubscription(customerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { subscriptionId: string } & MerchantCancellation) =>
      api.post<MerchantCustomerDetail>(
        `/api/v1/nests/me/nest-customers/${encodeURIComponent(customerId)}/subscriptions/${encodeURIComponent(input.subscriptionId)}/cancellation`,
        { when: input.when, ...(input.refund ? { refund: input.refund } : {}) },
      ),
    onSuccess: (detail) => {
      client.setQueryData([...merchantCustomersQueryKey, 'detail', customerId], detail);
      void client.invalidateQueries({ queryKey: merchantCustomersQueryKey });
      // A prorated refund shows when the provider's event arrives: the detail is read again a few times.
      for (const delay of [1_000, 3_000, 7_000]) {
        window.setTimeout(
          () => void client.invalidateQueries({ queryKey: merchantCustomersQueryKey }),
          delay,
        );
      }
    },
  });
}
