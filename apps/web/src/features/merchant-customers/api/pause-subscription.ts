import type { MerchantCustomerDetail } from '@nest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { merchantCustomersQueryKey } from './find-customers';

/**
 * Pauses one of the customer's subscriptions for a number of periods (POST …/pause), or ends a pause
 * early (`periods` null: DELETE …/pause). The answer is the customer's detail, history included.
 */
export function usePauseSubscription(customerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { subscriptionId: string; periods: number | null }) => {
      const url = `/api/v1/nests/me/nest-customers/${encodeURIComponent(customerId)}/subscriptions/${encodeURIComponent(input.subscriptionId)}/pause`;
      return input.periods === null
        ? api.delete<MerchantCustomerDetail>(url)
        : api.post<MerchantCustomerDetail>(url, { periods: input.periods });
    },
    onSuccess: (detail) => {
      client.setQueryData([...merchantCustomersQueryKey, 'detail', customerId], detail);
      void client.invalidateQueries({ queryKey: merchantCustomersQueryKey });
    },
  });
}
