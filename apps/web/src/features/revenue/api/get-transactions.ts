import type { LedgerKind, TransactionPage } from '@nest/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** How many rows a page brings; "Load more" asks for the next page. */
export const TRANSACTIONS_PAGE_SIZE = 25;

export const transactionsQueryKey = ['revenue', 'transactions'] as const;

export interface TransactionFilters {
  kind: LedgerKind | 'all';
  offerId: string | 'all';
  /** Days (YYYY-MM-DD) in the merchant's time zone, inclusive; '' for no bound. */
  from: string;
  to: string;
}

/** One page of the nest's ledger, newest first (GET /api/v1/users/{id}/stripe/transactions). */
export function getTransactions(
  merchantId: string,
  filters: TransactionFilters & { cursor?: string; limit?: number },
  options: { signal?: AbortSignal } = {},
): Promise<TransactionPage> {
  return api.get<TransactionPage>(`/api/v1/users/${encodeURIComponent(merchantId)}/stripe/transactions`, {
    query: {
      kind: filters.kind === 'all' ? undefined : filters.kind,
      offer_id: filters.offerId === 'all' ? undefined : filters.offerId,
      from: filters.from || undefined,
      to: filters.to || undefined,
      cursor: filters.cursor,
      limit: filters.limit ?? TRANSACTIONS_PAGE_SIZE,
    },
    signal: options.signal,
  });
}

export function getTransactionsQueryOptions(merchantId: string, filters: TransactionFilters) {
  return infiniteQueryOptions({
    queryKey: [...transactionsQueryKey, merchantId, filters.kind, filters.offerId, filters.from, filters.to],
    queryFn: ({ pageParam, signal }) =>
      getTransactions(merchantId, { ...filters, cursor: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

/** Keeps the previous rows on screen while new filters load, so the list does not flash. */
export function useTransactions(merchantId: string, filters: TransactionFilters) {
  return useInfiniteQuery({
    ...getTransactionsQueryOptions(merchantId, filters),
    placeholderData: keepPreviousData,
  });
}
