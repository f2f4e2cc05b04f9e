import { QueryClient } from '@tanstack/react-query';

/**
 * The app's query cache. `retry: false` because the API client already retries a failed GET once
 * (spec §7); a second layer of retries would multiply the attempts.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
