import type { PayoutAccount, PayoutSchedule } from '@nest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { payoutAccountQueryKey } from './get-payout-account';

/** Chooses when payouts are sent (PATCH /api/v1/users/{id}/stripe/payout-settings), applied at the provider. */
export function updatePayoutSchedule(merchantId: string, schedule: PayoutSchedule): Promise<PayoutAccount> {
  return api.patch<PayoutAccount>(
    `/api/v1/users/${encodeURIComponent(merchantId)}/stripe/payout-settings`,
    schedule,
  );
}

export function useUpdatePayoutSchedule(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schedule: PayoutSchedule) => updatePayoutSchedule(merchantId, schedule),
    onSuccess: (account) => queryClient.setQueryData(payoutAccountQueryKey, account),
  });
}
