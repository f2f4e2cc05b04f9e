import { useQuery } from '@tanstack/react-query';
import { getCurrentMerchantQueryOptions } from '../api/get-current-merchant';
import { LogoutButton } from './logout-button';

/**
 * The logout button for pages a visitor can see too (the plan choice): shown only while a merchant is
 * signed in. It reads the cache the page filled and never asks the server itself.
 */
export function SignedInLogout() {
  const { data: merchant } = useQuery({ ...getCurrentMerchantQueryOptions(), enabled: false });
  return merchant ? <LogoutButton size="sm" /> : null;
}
