import type { MerchantCustomerPage, SubscriptionStatus } from '@nest/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** How many customers a page brings; "Load more" asks for the next page. */
export const CUSTOMERS_PAGE_SIZE = 20;

export const merchantCustomersQueryKey = ['merchant-customers'] as const;

export interface CustomerFilters {
  query: string;
  status: SubscriptionStatus | 'all';
}

/** One page of the nest's customers (POST /api/v1/nests/me/nest-customers/find). */
export function findCustomers(
  filters: CustomerFilters & { cursor?: string; limit?: number },
  options: { signal?: AbortSignal } = {},
): Promise<MerchantCustomerPage> {
  const query = filters.query.trim();
  return api.post<MerchantCustomerPage>(
    '/api/v1/nests/me/nest-customers/find',
    {
      ...(query ? { query } : {}),
      ...(filters.status !== 'all' ? { status: filters.status } : {}),
      limit: filters.limit ?? CUSTOMERS_PAGE_SIZE,
      ...(filters.cursor ? { cursor: filters.cursor } : {}),
    },
    // A search changes nothing: as safe to repeat as a GET.
    { signal: options.signal, retry: true },
  );
}

export function findCustomersQueryOptions(filters: CustomerFilters) {
  return infiniteQueryOptions({
    queryKey: [...merchantCustomersQueryKey, filters.query.trim(), filters.status],
    queryFn: ({ pageParam, signal }) => findCustomers({ ...filters, cursor: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

/** Keeps the previous results on screen while a new search loads, so the list does not flash. */
export function useFindCustomers(filters: CustomerFilters) {
  return useInfiniteQuery({ ...findCustomersQueryOptions(filters), placeholderData: keepPreviousData });
}
