import type { RevenueSummary } from '@nest/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const summaryQueryKey = (merchantId: string) => ['revenue', 'summary', merchantId] as const;

/** The money view: this month's figures and last month's, the forecast, the chart series (GET /api/v1/users/{id}/stripe/summary). */
export async function getSummary(
  merchantId: string,
  options: { signal?: AbortSignal } = {},
): Promise<RevenueSummary> {
  return api.get<RevenueSummary>(`/api/v1/users/${encodeURIComponent(merchantId)}/stripe/summary`, {
    signal: options.signal,
  });
}

export function getSummaryQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: summaryQueryKey(merchantId),
    queryFn: ({ signal }) => getSummary(merchantId, { signal }),
  });
}

export function useSummary(merchantId: string) {
  return useQuery({ ...getSummaryQueryOptions(merchantId), enabled: merchantId !== '' });
}
