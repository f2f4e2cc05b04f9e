import type { LinkList } from '@nest/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const linksQueryKey = ['links'] as const;

/** Every link of the nest with its counters, newest first (GET /api/v1/links). */
export function getLinks(options: { signal?: AbortSignal } = {}): Promise<LinkList> {
  return api.get<LinkList>('/api/v1/links', { signal: options.signal });
}

export function getLinksQueryOptions() {
  return queryOptions({ queryKey: linksQueryKey, queryFn: ({ signal }) => getLinks({ signal }) });
}

export function useLinks() {
  return useQuery(getLinksQueryOptions());
}
