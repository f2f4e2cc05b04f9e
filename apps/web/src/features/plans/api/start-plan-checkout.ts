import type { PlanCheckout, PlanId } from '@nest/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Starts paying for a plan (POST /api/v1/users/{id}/plan/checkout): answers the provider's hosted
 * checkout page, where the browser goes next. The plan starts when the provider confirms the payment.
 */
export async function startPlanCheckout(input: { merchantId: string; plan: PlanId }) {
  return api.post<PlanCheckout>(`/api/v1/users/${encodeURIComponent(input.merchantId)}/plan/checkout`, {
    plan: input.plan,
  });
}

export function useStartPlanCheckout() {
  return useMutation({ mutationFn: startPlanCheckout });
}
