import type { RefundBody, RefundResult } from '@nest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { revenueQueryKey } from './get-revenue';
import { transactionsQueryKey } from './get-transactions';

/** The ledger shows a refund when the provider's event arrives: the list is read again a few times. */
export const REFRESH_AFTER_MS = [0, 1_000, 3_000, 7_000];

/** Refunds all or part of a payment (POST /api/v1/users/{id}/stripe/transactions/{transactionId}/refund). */
export function refundPayment(input: {
  merchantId: string;
  transactionId: string;
  body: RefundBody;
}): Promise<RefundResult> {
  return api.post<RefundResult>(
    `/api/v1/users/${encodeURIComponent(input.merchantId)}/stripe/transactions/${encodeURIComponent(input.transactionId)}/refund`,
    input.body,
  );
}

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSuccess: () => {
      for (const delay of REFRESH_AFTER_MS) {
        window.setTimeout(() => {
          void queryClient.invalidateQueries({ queryKey: transactionsQueryKey });
          void queryClient.invalidateQueries({ queryKey: revenueQueryKey });
        }, delay);
      }
    },
  });
}
