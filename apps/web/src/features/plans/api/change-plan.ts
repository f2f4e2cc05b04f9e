import type { PlanChange, PlanId } from '@nest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { planStateQueryKey } from './get-plan-state';

/**
 * Changes the merchant's plan (POST /api/v1/users/{id}/plan/change): an upgrade applies now and is
 * charged at once, a downgrade waits for the end of the period. Choosing the current plan takes back a
 * pending downgrade.
 */
export async function changePlan(input: { merchantId: string; plan: PlanId }) {
  return api.post<PlanChange>(`/api/v1/users/${encodeURIComponent(input.merchantId)}/plan/change`, {
    plan: input.plan,
  });
}

export function useChangePlan({ onChanged }: { onChanged?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    onSuccess: (result, input) => {
      queryClient.setQueryData(planStateQueryKey(input.merchantId), result.plan_state);
      onChanged?.();
    },
  });
}
