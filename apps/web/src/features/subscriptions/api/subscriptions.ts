import type {
  CustomerInvoiceList,
  CustomerRetryResult,
  CustomerSubscription,
  NestCustomer,
  Pass,
} from '@nest/contracts';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { currentCustomerQueryKey } from '@/lib/current-customer';
import { nextPassRefreshMs } from '../lib/pass-refresh';

const customerCall = { renewSession: false } as const;
const subscriptionPath = (id: string) => `/api/v1/nest-customers/me/subscriptions/${encodeURIComponent(id)}`;
const externalPath = (id: string) => `/api/v1/payments/external/nest-subs/${encodeURIComponent(id)}`;

/** Puts a subscription the API just answered into the cached customer, so its card changes at once. */
export function replaceSubscription(queryClient: QueryClient, subscription: CustomerSubscription): void {
  queryClient.setQueryData<NestCustomer>(currentCustomerQueryKey, (customer) =>
    customer
      ? {
          ...customer,
          subscriptions: customer.subscriptions.map((s) => (s.id === subscription.id ? subscription : s)),
        }
      : customer,
  );
}

export const passQueryKey = (subscriptionId: string) =>
  ['nest-customers', 'me', 'subscriptions', subscriptionId, 'pass'] as const;

/** The subscription's current pass, asked for again when the next one exists (every 30 s). */
export function usePass(subscriptionId: string) {
  return useQuery(
    queryOptions({
      queryKey: passQueryKey(subscriptionId),
      queryFn: ({ signal }) =>
        api.get<Pass>(`${subscriptionPath(subscriptionId)}/pass`, { ...customerCall, signal }),
      // A pass is never reused from the cache: it is worth nothing a minute later. Fresh for a few
      // seconds only, so the one the server painted the overview with (ADR 209) is not asked for again.
      staleTime: 10_000,
      gcTime: 0,
      refetchInterval: (query) => (query.state.error ? false : nextPassRefreshMs(query.state.data)),
      refetchIntervalInBackground: false,
      refetchOnWindowFocus: true,
    }),
  );
}

export const invoicesQueryKey = (subscriptionId: string) =>
  ['nest-customers', 'me', 'subscriptions', subscriptionId, 'invoices'] as const;

/** Invoice and receipt history, newest first; fetched only once the list is opened. */
export function useInvoiceHistory(subscriptionId: string, enabled: boolean) {
  return useQuery({
    queryKey: invoicesQueryKey(subscriptionId),
    queryFn: ({ signal }) =>
      api.get<CustomerInvoiceList>(`${subscriptionPath(subscriptionId)}/invoices`, {
        ...customerCall,
        signal,
      }),
    enabled,
  });
}

/** Cancel at period end (cancel = true) or take the cancellation back. */
export function useSetCancellation(subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cancel: boolean) =>
      api.post<CustomerSubscription>(
        `${subscriptionPath(subscriptionId)}/${cancel ? 'cancel' : 'resume'}`,
        undefined,
        customerCall,
      ),
    onSuccess: (subscription) => replaceSubscription(queryClient, subscription),
  });
}

/** Pause for a number of periods, as far as the offer allows, or take back a pause not begun (null). */
export function useSetPause(subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (periods: number | null) =>
      periods === null
        ? api.delete<CustomerSubscription>(`${subscriptionPath(subscriptionId)}/pause`, customerCall)
        : api.post<CustomerSubscription>(
            `${subscriptionPath(subscriptionId)}/pause`,
            { periods },
            customerCall,
          ),
    onSuccess: (subscription) => replaceSubscription(queryClient, subscription),
  });
}

/** Pays the subscription's unpaid invoices again with the saved card: paid, or failed with the reason. */
export function useRetryPayment(subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<CustomerRetryResult>(`${externalPath(subscriptionId)}/invoices/retry`, {}, customerCall),
    onSuccess: (result) => {
      replaceSubscription(queryClient, result.subscription);
      void queryClient.invalidateQueries({ queryKey: invoicesQueryKey(subscriptionId) });
      void queryClient.invalidateQueries({ queryKey: passQueryKey(subscriptionId) });
    },
  });
}
