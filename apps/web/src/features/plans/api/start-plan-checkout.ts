import { type PlanId, planCheckoutSchema } from '@nest/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Starts paying for a plan (POST /api/v1/users/{id}/plan/checkout): answers the provider's hosted
 * checkout page, where the browser goes next. The plan starts when the provider confirms the payment.
 */
export async function startPlanCheckout(input: { merchantId: string; plan: PlanId }) {
  const body = await api.post<unknown>(
    `/api/v1/users/${encodeURIComponent(input.merchantId)}/plan/checkout`,
    {
      plan: input.plan,
    },
  );
  return planCheckoutSchema.parse(body);
}

export function useStartPlanCheckout() {
  return useMutation({ mutationFn: startPlanCheckout });
}
