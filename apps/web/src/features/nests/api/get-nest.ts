import type { Nest } from '@nest/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

export const nestQueryKey = ['nests', 'me'] as const;

/** The signed-in merchant's nest, or null before onboarding created it (GET /api/v1/nests/me answers 404). */
export async function getNest(options: { signal?: AbortSignal } = {}): Promise<Nest | null> {
  try {
    return await api.get<Nest>('/api/v1/nests/me', { signal: options.signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function getNestQueryOptions() {
  return queryOptions({ queryKey: nestQueryKey, queryFn: ({ signal }) => getNest({ signal }) });
}

/** `enabled: false` before onboarding: there is no nest to ask for (and a 404 would be logged). */
export function useNest(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getNestQueryOptions(), enabled: options.enabled ?? true });
}
