import type { PlanList, PlanOffer } from '@nest/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The plan catalogue with its configured prices (GET /api/v1/plans). */
export async function getPlans(options: { signal?: AbortSignal } = {}): Promise<PlanOffer[]> {
  const body = await api.get<PlanList>('/api/v1/plans', { signal: options.signal });
  return body.plans;
}

export function getPlansQueryOptions() {
  return queryOptions({
    queryKey: ['plans'],
    queryFn: ({ signal }) => getPlans({ signal }),
    // Prices are configuration: they change with a deployment, not during a visit.
    staleTime: 10 * 60_000,
  });
}

export function usePlans() {
  return useQuery(getPlansQueryOptions());
}
