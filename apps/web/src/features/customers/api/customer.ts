import type { NestCustomer } from '@nest/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { currentCustomerQueryKey } from '@/lib/current-customer';
import { customerAccount } from '@/lib/session-storage';

/**
 * Customer calls never go through the merchant's session renewal (ADR 015): a 401 here means "no
 * customer session", and a merchant signed in in the same tab must not be refreshed because of it.
 */
const customerCall = { renewSession: false } as const;

/** Keeps the part of the customer the area needs when the page is reloaded (spec §3: its own key). */
export function storeCustomer(customer: NestCustomer): void {
  customerAccount.set({ id: customer.id, email: customer.email, name: customer.name });
}

/** GET /api/v1/nest-customers/me: the customer with every subscription across nests. */
export async function getCurrentCustomer(options: { signal?: AbortSignal } = {}): Promise<NestCustomer> {
  const customer = await api.get<NestCustomer>('/api/v1/nest-customers/me', { ...customerCall, ...options });
  storeCustomer(customer);
  return customer;
}

export function getCurrentCustomerQueryOptions() {
  return queryOptions({
    queryKey: currentCustomerQueryKey,
    queryFn: ({ signal }) => getCurrentCustomer({ signal }),
  });
}

export function useCurrentCustomer() {
  return useQuery(getCurrentCustomerQueryOptions());
}

/** POST /login with an email: a code and a link are emailed; the answer is a plain sentence. */
export async function requestLoginCode(email: string): Promise<string> {
  const answer = await api.post<unknown>('/api/v1/nest-customers/login', { email }, customerCall);
  return typeof answer === 'string' ? answer : '';
}

/** POST /login with the emailed code or the link's token: opens the session, answers the customer. */
export function logInCustomer(
  body: { email: string; code: string } | { email: string; token: string },
): Promise<NestCustomer> {
  return api.post<NestCustomer>('/api/v1/nest-customers/login', body, customerCall);
}

/** GET /logout: revokes the session on the server and clears its cookie (204). */
export async function logOutCustomer(): Promise<void> {
  await api.get<void>('/api/v1/nest-customers/logout', { ...customerCall, retry: false });
}
