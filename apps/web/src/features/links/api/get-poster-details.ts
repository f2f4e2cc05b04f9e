import type { Nest, Offer } from '@nest/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface PosterDetails {
  nest: Pick<Nest, 'name' | 'logo_url' | 'brand_color'>;
  offer: Pick<
    Offer,
    'name' | 'grants' | 'amount_cents' | 'currency' | 'interval' | 'interval_count' | 'trial_days'
  >;
}

/** What a poster prints: the nest (GET /nests/me) and the offer at its current price (GET /offers/{id}). */
export async function getPosterDetails(offerId: string, options: { signal?: AbortSignal } = {}) {
  const [nest, offer] = await Promise.all([
    api.get<Nest>('/api/v1/nests/me', { signal: options.signal }),
    api.get<Offer>(`/api/v1/offers/${encodeURIComponent(offerId)}`, { signal: options.signal }),
  ]);
  return { nest, offer } satisfies PosterDetails;
}

export function getPosterDetailsQueryOptions(offerId: string) {
  return queryOptions({
    queryKey: ['links', 'poster', offerId] as const,
    queryFn: ({ signal }) => getPosterDetails(offerId, { signal }),
  });
}

export function usePosterDetails(offerId: string) {
  return useQuery(getPosterDetailsQueryOptions(offerId));
}
