import type { PlanInvoice, PlanInvoiceList } from '@nest/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The unpaid invoices of the merchant's plan subscription, oldest first
 * (GET /api/v1/payments/internal/subscriptions/{id}/invoices/unpaid).
 */
export async function getUnpaidInvoices(
  subscriptionId: string,
  options: { signal?: AbortSignal } = {},
): Promise<PlanInvoice[]> {
  const body = await api.get<PlanInvoiceList>(
    `/api/v1/payments/internal/subscriptions/${encodeURIComponent(subscriptionId)}/invoices/unpaid`,
    { signal: options.signal },
  );
  return body.invoices;
}

export const unpaidInvoicesQueryKey = (subscriptionId: string) =>
  ['plan-invoices', 'unpaid', subscriptionId] as const;

export function getUnpaidInvoicesQueryOptions(subscriptionId: string) {
  return queryOptions({
    queryKey: unpaidInvoicesQueryKey(subscriptionId),
    queryFn: ({ signal }) => getUnpaidInvoices(subscriptionId, { signal }),
    // What is owed changes with every attempt: always ask again when the page opens.
    staleTime: 0,
  });
}

export function useUnpaidInvoices(subscriptionId: string) {
  return useQuery(getUnpaidInvoicesQueryOptions(subscriptionId));
}
