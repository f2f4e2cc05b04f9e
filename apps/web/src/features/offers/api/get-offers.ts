import type { OfferPage } from '@nest/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type OfferListStatus = 'active' | 'archived';

/** How many offers a page brings; "Load more" asks for the next page. */
export const OFFERS_PAGE_SIZE = 10;

export const offersQueryKey = ['offers'] as const;

/** One page of the nest's offers, newest first (GET /api/v1/offers). */
export function getOffers(
  query: { status: OfferListStatus; cursor?: string; limit?: number },
  options: { signal?: AbortSignal } = {},
): Promise<OfferPage> {
  return api.get<OfferPage>('/api/v1/offers', {
    query: { status: query.status, cursor: query.cursor, limit: query.limit ?? OFFERS_PAGE_SIZE },
    signal: options.signal,
  });
}

export function getOffersQueryOptions(status: OfferListStatus) {
  return infiniteQueryOptions({
    queryKey: [...offersQueryKey, 'list', status],
    queryFn: ({ pageParam, signal }) => getOffers({ status, cursor: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

export function useOffers(status: OfferListStatus) {
  return useInfiniteQuery(getOffersQueryOptions(status));
}
