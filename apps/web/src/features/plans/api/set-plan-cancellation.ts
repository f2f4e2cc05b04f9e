import type { PlanState } from '@nest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { planStateQueryKey } from './get-plan-state';

/**
 * Cancels the plan at the end of the period (POST /api/v1/users/{id}/plan/cancel) or takes that back
 * (POST …/plan/resume). Nothing is refunded and nothing more is charged.
 */
export async function setPlanCancellation(input: { merchantId: string; cancel: boolean }) {
  const action = input.cancel ? 'cancel' : 'resume';
  return api.post<PlanState>(`/api/v1/users/${encodeURIComponent(input.merchantId)}/plan/${action}`);
}

export function useSetPlanCancellation({ onChanged }: { onChanged?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPlanCancellation,
    onSuccess: (planState, input) => {
      queryClient.setQueryData(planStateQueryKey(input.merchantId), planState);
      onChanged?.();
    },
  });
}
