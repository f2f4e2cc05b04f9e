import type { NestCustomer } from '@nest/contracts';
import { replace } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { i18n, loadNamespaces } from '@/lib/i18n/i18n';
import { getAppQueryClient } from '@/lib/query-client';
import { customerAccount } from '@/lib/session-storage';
import { customerMayBeSignedIn } from '@/lib/sign-in-hint';
import { toast } from '@/lib/toast';
import { getCurrentCustomer, getCurrentCustomerQueryOptions, logOutCustomer } from '../api/customer';
import { forgetCustomer } from '../customer-session';
import { loginHref } from '../lib/after-login';
import { retryPendingLogout } from '../lib/pending-logout';

/**
 * The guard of the customer area's pages (spec §4: "Paths under /client/app load the current
 * customer. On failure the account is cleared and the visitor goes to /client/login"). It runs on
 * every page change inside the area and always asks the server, so a session ended elsewhere counts
 * at the next navigation. Only a 401 is "no session": offline or a server error goes to the error
 * page and keeps the account (ADR 082). The success page is outside it (ADR 065, 082).
 */
export async function customerAppLoader(request: Request): Promise<NestCustomer> {
  const queryClient = getAppQueryClient();
  const hadAccount = customerAccount.get() !== null;
  const url = new URL(request.url);
  // A sign-out the server has not confirmed yet keeps the area closed (ADR 082).
  if (await retryPendingLogout(logOutCustomer)) {
    forgetCustomer(queryClient);
    throw replace(loginHref(`${url.pathname}${url.search}`));
  }
  // No account in this tab and no sign-in mark in the browser: nobody to ask about (no 401 logged).
  if (!hadAccount && !customerMayBeSignedIn()) throw replace(loginHref(`${url.pathname}${url.search}`));
  try {
    return await queryClient.fetchQuery({
      ...getCurrentCustomerQueryOptions(),
      queryFn: ({ signal }) => getCurrentCustomer({ signal }),
      staleTime: 0,
    });
  } catch (error) {
    if (!isApiError(error) || error.status !== 401) throw error;
  }
  forgetCustomer(queryClient);
  // Someone who was signed in in this tab hears why they are on the login page; a visitor does not.
  if (hadAccount) void loadNamespaces('customers').then(() => toast.info(i18n.t('customers:session.ended')));
  // The address asked for (the payment-failed email's `?pay=`) is where the sign-in leads back to.
  throw replace(loginHref(`${url.pathname}${url.search}`));
}
