import type { Revenue } from '@nest/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const revenueQueryKey = ['revenue', 'current'] as const;

/** This month's revenue against the plan's limit, and live subscribers (GET /api/v1/revenue/current). */
export function getRevenue(options: { signal?: AbortSignal } = {}): Promise<Revenue> {
  return api.get<Revenue>('/api/v1/revenue/current', { signal: options.signal });
}

export function getRevenueQueryOptions() {
  return queryOptions({ queryKey: revenueQueryKey, queryFn: ({ signal }) => getRevenue({ signal }) });
}

export function useRevenue() {
  return useQuery(getRevenueQueryOptions());
}
