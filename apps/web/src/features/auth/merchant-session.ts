import type { Merchant } from '@nest/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { merchantAccount } from '@/lib/session-storage';
import { currentMerchantQueryKey } from './api/get-current-merchant';

/** After login, signup or a successful load: the stored account and the cache agree on who is in. */
export function rememberMerchant(queryClient: QueryClient, merchant: Merchant): void {
  merchantAccount.set(merchant);
  queryClient.setQueryData(currentMerchantQueryKey, merchant);
}

/**
 * After logout, a failed login or a session that could not be renewed: nothing of the previous
 * merchant stays in this tab, neither the stored account nor any cached answer (which could belong
 * to them and be shown to whoever signs in next).
 */
export function forgetMerchant(queryClient: QueryClient): void {
  merchantAccount.clear();
  queryClient.removeQueries();
}
