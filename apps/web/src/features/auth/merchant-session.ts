import type { Merchant } from '@nest/contracts';
import { hashKey, type Query, type QueryClient } from '@tanstack/react-query';
import { merchantAccount } from '@/lib/session-storage';
import { currentMerchantQueryKey } from './api/get-current-merchant';
import { installSessionRenewal } from './session-renewal';

const currentMerchantHash = hashKey(currentMerchantQueryKey);
/** The current merchant's entry is updated in place, never removed: screens that show it stay subscribed. */
const isOtherThanCurrentMerchant = (query: Query) => query.queryHash !== currentMerchantHash;

/**
 * After login or signup: nothing cached for whoever used this tab before is kept (it could be shown
 * to the merchant now signing in), then the stored account and the cache agree on who is in.
 */
export function rememberMerchant(queryClient: QueryClient, merchant: Merchant): void {
  queryClient.removeQueries({ predicate: isOtherThanCurrentMerchant });
  merchantAccount.set(merchant);
  queryClient.setQueryData(currentMerchantQueryKey, merchant);
  installSessionRenewal();
}

/**
 * After logout, a failed login or a session that could not be renewed: the stored account and the
 * cached merchant go (whatever shows them now shows nobody, without asking the server again), and so
 * does every cached answer no screen shows. The answers of the page being left stay until it has
 * faded out: removing them under its feet would make it fetch them again, without a session. Every
 * merchant screen is behind the guard, and the next login clears the rest (rememberMerchant).
 */
export function forgetMerchant(queryClient: QueryClient): void {
  merchantAccount.clear();
  queryClient.getQueryCache().find({ queryKey: currentMerchantQueryKey, exact: true })?.reset();
  queryClient.removeQueries({ type: 'inactive', predicate: isOtherThanCurrentMerchant });
}
