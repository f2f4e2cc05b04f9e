import { setSessionRenewer } from '@/lib/api-client';
import { merchantAccount } from '@/lib/session-storage';
import { refreshSession } from './api/refresh-session';

/**
 * Lets the API client renew an expired access token (10 minutes) and send the refused call again,
 * so a merchant who left a screen open is not thrown out by the next click. Only while this tab has
 * a signed-in merchant: a visitor's 401 stays a 401. When the renewal fails the original 401 is
 * passed on, and the next navigation's guard sends the merchant to the login page.
 */
export function installSessionRenewal(): void {
  setSessionRenewer(renewMerchantSession);
}

async function renewMerchantSession(): Promise<boolean> {
  if (!merchantAccount.get()) return false;
  await refreshSession();
  return true;
}
