import { OFFERS_PAGE_MAX, type OfferPage } from '@nest/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The offers a new link can sell: the nest's active ones (GET /api/v1/offers?status=active). */
export function getActiveOffers(options: { signal?: AbortSignal } = {}): Promise<OfferPage> {
  return api.get<OfferPage>('/api/v1/offers', {
    query: { status: 'active', limit: OFFERS_PAGE_MAX },
    signal: options.signal,
  });
}

export function getActiveOffersQueryOptions() {
  return queryOptions({
    queryKey: ['offers', 'list', 'link-choices'] as const,
    queryFn: ({ signal }) => getActiveOffers({ signal }),
  });
}

export function useActiveOffers() {
  return useQuery(getActiveOffersQueryOptions());
}
