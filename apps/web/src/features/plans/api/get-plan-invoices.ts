import type { PlanInvoice, PlanInvoiceList } from '@nest/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every invoice of the merchant's plan, newest first (GET /api/v1/users/{id}/plan/invoices). */
export async function getPlanInvoices(
  merchantId: string,
  options: { signal?: AbortSignal } = {},
): Promise<PlanInvoice[]> {
  const body = await api.get<PlanInvoiceList>(
    `/api/v1/users/${encodeURIComponent(merchantId)}/plan/invoices`,
    {
      signal: options.signal,
    },
  );
  return body.invoices;
}

export const planInvoicesQueryKey = (merchantId: string) => ['plan-invoices', 'history', merchantId] as const;

export function getPlanInvoicesQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: planInvoicesQueryKey(merchantId),
    queryFn: ({ signal }) => getPlanInvoices(merchantId, { signal }),
  });
}

export function usePlanInvoices(merchantId: string) {
  return useQuery(getPlanInvoicesQueryOptions(merchantId));
}
