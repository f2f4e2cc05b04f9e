import type { Locale } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import { sandboxAccounts } from '../../../db/schema/index.js';
import { completeOnboarding, findAccount, isValidIban, linkIsValid } from '../accounts.js';
import { sandboxNow } from '../clock.js';
import type { SandboxDeps } from '../context.js';
import { type DeliveryDeps, deliverPendingEvents } from '../deliver-events.js';
import { renderConnectPage, renderLinkExpired } from './connect-page.js';
import { pageMessages } from './messages.js';
import { type PageAnswer, page } from './page-answer.js';
import type { Form } from './submit-card.js';

export interface ConnectSubmission {
  locale: Locale;
  accountId: string;
  token: string | undefined;
  form: Form;
}

/** Where the onboarding form posts back: the link's own address, with its one-time token. */
export const connectAction = (accountId: string, token: string) =>
  `/sandbox/connect/${encodeURIComponent(accountId)}?link=${encodeURIComponent(token)}`;

/**
 * The sandbox's payout onboarding form, sent: an expired link goes to the refresh address our server
 * set; a valid one completes onboarding once (a double click finds the link spent) and returns.
 */
export async function submitConnect(
  deps: SandboxDeps,
  delivery: DeliveryDeps,
  input: ConnectSubmission,
): Promise<PageAnswer> {
  const { locale, token, form } = input;
  const m = pageMessages[locale];
  const account = await findAccount(deps.db, input.accountId);
  if (!account) return page(404, renderLinkExpired(locale));
  const now = await sandboxNow(deps.db, account.ownerId);
  if (!linkIsValid(account, token, now)) {
    if (account.linkRefreshUrl) return { redirect: account.linkRefreshUrl };
    return page(410, renderLinkExpired(locale));
  }
  const businessName = (form.business_name ?? '').trim();
  const iban = form.iban ?? '';
  const errors = [
    ...(businessName.length === 0 || businessName.length > 100 ? [m.missingBusinessName] : []),
    ...(isValidIban(iban) ? [] : [m.invalidIban]),
  ];
  if (errors.length > 0) {
    const action = connectAction(account.id, token!);
    return page(422, renderConnectPage(locale, account, { action, errors, values: { businessName, iban } }));
  }
  const completed = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(sandboxAccounts)
      .where(eq(sandboxAccounts.id, account.id))
      .for('update');
    if (!locked || !linkIsValid(locked, token, now)) return false;
    await completeOnboarding(deps, tx, locked, { businessName, iban }, now);
    return true;
  });
  if (completed) await deliverPendingEvents(delivery, account.ownerId);
  return { redirect: account.linkReturnUrl! };
}
