import type {
  MerchantCustomerPage,
  MerchantCustomerSort,
  SortDirection,
  SubscriptionStatus,
} from '@nest/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** How many rows a page brings; "Load more" asks for the next page. */
export const CUSTOMERS_PAGE_SIZE = 25;

export const merchantCustomersQueryKey = ['merchant-customers'] as const;

/** The table's filters and sort, as kept in the page's address (?status=past_due…). */
export interface CustomerFilters {
  query: string;
  status: SubscriptionStatus | 'all';
  offerId: string | null;
  pastDue: boolean;
  /** A pause under way or to come (ADR 150). */
  paused: boolean;
  sort: MerchantCustomerSort;
  direction: SortDirection | null;
}

function filterFields(filters: CustomerFilters) {
  const query = filters.query.trim();
  return {
    ...(query ? { query } : {}),
    ...(filters.status !== 'all' ? { status: filters.status } : {}),
    ...(filters.offerId ? { offer_id: filters.offerId } : {}),
    ...(filters.pastDue ? { past_due: true } : {}),
    ...(filters.paused ? { paused: true } : {}),
    sort: filters.sort,
    ...(filters.direction ? { direction: filters.direction } : {}),
  };
}

/** One page of the table (POST /api/v1/nests/me/nest-customers/find). */
export function findCustomers(
  filters: CustomerFilters & { cursor?: string; limit?: number },
  options: { signal?: AbortSignal } = {},
): Promise<MerchantCustomerPage> {
  return api.post<MerchantCustomerPage>(
    '/api/v1/nests/me/nest-customers/find',
    {
      ...filterFields(filters),
      limit: filters.limit ?? CUSTOMERS_PAGE_SIZE,
      ...(filters.cursor ? { cursor: filters.cursor } : {}),
    },
    // A search changes nothing: as safe to repeat as a GET.
    { signal: options.signal, retry: true },
  );
}

/** The CSV of every row the filters match (a plain download: the session cookie goes with it). */
export function exportCustomersHref(filters: CustomerFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filterFields(filters))) params.set(key, String(value));
  return `/api/v1/nests/me/nest-customers/export?${params.toString()}`;
}

export function findCustomersQueryOptions(filters: CustomerFilters) {
  const fields = filterFields(filters);
  return infiniteQueryOptions({
    queryKey: [...merchantCustomersQueryKey, 'list', fields],
    queryFn: ({ pageParam, signal }) => findCustomers({ ...filters, cursor: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

/** Keeps the previous results on screen while a new search loads, so the table does not flash. */
export function useFindCustomers(filters: CustomerFilters) {
  return useInfiniteQuery({ ...findCustomersQueryOptions(filters), placeholderData: keepPreviousData });
}
