import type { PlanState } from '@nest/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The merchant's plan as the provider's webhooks last left it (GET /api/v1/users/{id}/get-plan). */
export async function getPlanState(
  merchantId: string,
  options: { signal?: AbortSignal } = {},
): Promise<PlanState> {
  return api.get<PlanState>(`/api/v1/users/${encodeURIComponent(merchantId)}/get-plan`, {
    signal: options.signal,
  });
}

export const planStateQueryKey = (merchantId: string) => ['plan-state', merchantId] as const;

export function getPlanStateQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: planStateQueryKey(merchantId),
    queryFn: ({ signal }) => getPlanState(merchantId, { signal }),
  });
}

export function usePlanState(merchantId: string) {
  return useQuery({ ...getPlanStateQueryOptions(merchantId), enabled: merchantId !== '' });
}
