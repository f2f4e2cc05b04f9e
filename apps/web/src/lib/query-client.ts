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

let appQueryClient: QueryClient | undefined;

/**
 * The one cache of the running app. Route loaders (the merchant guards) run outside React, so they
 * reach the cache here; the app's provider is given the same instance.
 */
export function getAppQueryClient(): QueryClient {
  appQueryClient ??= createQueryClient();
  return appQueryClient;
}
