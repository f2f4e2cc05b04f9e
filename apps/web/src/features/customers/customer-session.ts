import type { NestCustomer } from '@nest/contracts';
import { hashKey, type Query, type QueryClient } from '@tanstack/react-query';
import { currentCustomerQueryKey } from '@/lib/current-customer';
import { customerAccount } from '@/lib/session-storage';
import { storeCustomer } from './api/customer';
import { pendingLogout } from './lib/pending-logout';

const currentCustomerHash = hashKey(currentCustomerQueryKey);
/** Whatever the customer area cached, except the current customer's entry (reset in place instead). */
const isOtherCustomerData = (query: Query) =>
  query.queryKey[0] === 'nest-customers' && query.queryHash !== currentCustomerHash;

/**
 * After a sign-in: nothing cached for whoever used this tab's customer area before is kept, then the
 * stored account and the cache agree on who is in (as the merchant side does, ADR 019).
 */
export function rememberCustomer(queryClient: QueryClient, customer: NestCustomer): void {
  queryClient.removeQueries({ predicate: isOtherCustomerData });
  // Signing in replaced the browser's previous session on the server: no sign-out is pending any more.
  pendingLogout.clear();
  storeCustomer(customer);
  queryClient.setQueryData(currentCustomerQueryKey, customer);
}

/**
 * After logout (whether or not the server answered), a failed sign-in, or a guard that found no
 * session: the stored account goes, the cached customer is reset in place (a screen still showing it
 * shows nobody, without asking the server), and the area's other inactive answers are dropped.
 */
export function forgetCustomer(queryClient: QueryClient): void {
  customerAccount.clear();
  queryClient.getQueryCache().find({ queryKey: currentCustomerQueryKey, exact: true })?.reset();
  queryClient.removeQueries({ type: 'inactive', predicate: isOtherCustomerData });
}
