import type { Merchant } from '@nest/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { merchantAccount } from '@/lib/session-storage';
import { currentMerchantQueryKey } from './api/get-current-merchant';

/**
 * After login or signup: nothing cached for whoever used this tab before is kept (it could be shown
 * to the merchant now signing in), then the stored account and the cache agree on who is in.
 */
export function rememberMerchant(queryClient: QueryClient, merchant: Merchant): void {
  queryClient.removeQueries();
  merchantAccount.set(merchant);
  queryClient.setQueryData(currentMerchantQueryKey, merchant);
}

/**
 * After logout, a failed login or a session that could not be renewed: the stored account goes, and
 * so does every cached answer no screen shows. The answers of the page being left stay until it has
 * faded out: removing them under its feet would make it fetch them again, without a session. Every
 * merchant screen is behind the guard, and the next login clears the rest (rememberMerchant).
 */
export function forgetMerchant(queryClient: QueryClient): void {
  merchantAccount.clear();
  queryClient.removeQueries({ type: 'inactive' });
}
