import type { RetryInvoicesBody, RetryInvoicesResult } from '@nest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unpaidInvoicesQueryKey } from './get-unpaid-invoices';

/**
 * Pays the unpaid plan invoices again (POST /api/v1/payments/internal/subscriptions/{id}/invoices/retry):
 * with the saved card (answers paid or failed with the decline code), or, with `update_card`, answers
 * the provider's hosted page where the merchant enters another card.
 */
export async function retryInvoices(input: { subscriptionId: string } & RetryInvoicesBody) {
  const { subscriptionId, ...body } = input;
  return api.post<RetryInvoicesResult>(
    `/api/v1/payments/internal/subscriptions/${encodeURIComponent(subscriptionId)}/invoices/retry`,
    body,
  );
}

export function useRetryInvoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryInvoices,
    onSuccess: (result, input) => {
      queryClient.setQueryData(unpaidInvoicesQueryKey(input.subscriptionId), result.invoices);
      void queryClient.invalidateQueries({ queryKey: ['plan-invoices', 'history'] });
    },
  });
}
