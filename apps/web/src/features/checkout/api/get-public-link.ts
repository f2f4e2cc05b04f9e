import type { PublicLink } from '@nest/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const publicLinkQueryKey = (nestLinkId: string) => ['public-links', nestLinkId] as const;

/** The public page of a link: the nest, the offer at its current price, and whether it is open. */
export function getPublicLink(
  nestLinkId: string,
  options: { signal?: AbortSignal } = {},
): Promise<PublicLink> {
  return api.get<PublicLink>(`/api/v1/public/links/${encodeURIComponent(nestLinkId)}`, {
    signal: options.signal,
  });
}

export function getPublicLinkQueryOptions(nestLinkId: string) {
  return queryOptions({
    queryKey: publicLinkQueryKey(nestLinkId),
    queryFn: ({ signal }) => getPublicLink(nestLinkId, { signal }),
    // Each read counts a visit: read once per page, never again on focus or reconnect.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}

export function usePublicLink(nestLinkId: string) {
  return useQuery(getPublicLinkQueryOptions(nestLinkId));
}
