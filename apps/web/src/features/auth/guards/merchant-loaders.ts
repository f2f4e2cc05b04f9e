import type { Merchant } from '@nest/contracts';
import { replace } from 'react-router';
import { paths } from '@/app/paths';
import { isApiError } from '@/lib/api-error';
import { i18n, loadNamespaces } from '@/lib/i18n/i18n';
import { getAppQueryClient } from '@/lib/query-client';
import { merchantAccount } from '@/lib/session-storage';
import { toast } from '@/lib/toast';
import { installSessionRenewal } from '../session-renewal';
import { loadMerchantSession } from './load-merchant-session';
import { merchantAppRedirect } from './merchant-app-redirect';

/**
 * The merchant area's route loaders. They load with the merchant area's code (routes.tsx imports this
 * module lazily), never with a link page. Redirects replace the history entry, so Back does not land
 * on a page that would only redirect again.
 */

function sessionEnded(): void {
  void loadNamespaces('auth').then(() => toast.info(i18n.t('auth:session.ended')));
}

/** /admin: a signed-in merchant goes to the dashboard (whose guard decides further), others to login. */
export async function merchantEntryLoader(): Promise<never> {
  installSessionRenewal();
  // A new tab has no stored account yet, but its cookies may still hold a session.
  const signedIn =
    merchantAccount.get() !== null || (await loadMerchantSession(getAppQueryClient())) !== null;
  throw replace(signedIn ? paths.admin.app.dashboard.getHref() : paths.admin.login.getHref());
}

/** /admin/onboarding/*: a merchant session is all it needs (spec §6). */
export async function merchantSessionLoader(): Promise<Merchant> {
  const hadAccount = merchantAccount.get() !== null;
  const merchant = await loadMerchantSession(getAppQueryClient());
  if (!merchant) {
    // Someone who was signed in in this tab hears why they are on the login page; a visitor does not.
    if (hadAccount) sessionEnded();
    throw replace(paths.admin.login.getHref());
  }
  return merchant;
}

/**
 * The counter opened again without the network (ADR 186): its page comes from the service worker,
 * but the session cannot be asked for. The merchant this tab last knew is trusted for that one page,
 * which answers from its sealed snapshot; every other page shows the error page as before, and the
 * guard asks the server again at the next navigation once the connection is back.
 */
function offlineCounterMerchant(error: unknown, request: Request | undefined): Merchant | null {
  if (!isApiError(error) || !error.isNetworkError || !request) return null;
  if (new URL(request.url).pathname !== paths.admin.app.verify.getHref()) return null;
  return merchantAccount.get();
}

/** /admin/app/*: a session first, then the plan, payment and onboarding checks in the spec's order. */
export async function merchantAppLoader(request?: Request): Promise<Merchant> {
  let merchant: Merchant;
  try {
    merchant = await merchantSessionLoader();
  } catch (error) {
    const known = offlineCounterMerchant(error, request);
    if (known) return known;
    throw error;
  }
  const target = merchantAppRedirect(merchant);
  if (target) throw replace(target);
  return merchant;
}
