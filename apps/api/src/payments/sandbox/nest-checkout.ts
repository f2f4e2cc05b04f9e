import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  sandboxAccounts,
  sandboxCheckoutSessions,
  sandboxCustomers,
  sandboxInvoices,
  sandboxPrices,
  sandboxProducts,
  sandboxSubscriptions,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { NestCheckoutProvider } from '../nest-checkout.js';
import { withBranding } from './branding.js';
import { addDays } from './calendar.js';
import { clockOffsetSeconds, sandboxNow } from './clock.js';
import { inTransaction, type SandboxDeps } from './context.js';
import { sandboxId } from './ids.js';
import { invoiceToPort, sessionToPort, subscriptionToPort } from './to-port.js';

/** A hosted session stays payable for a day, as Stripe Checkout's do. */
const SESSION_LIFETIME_DAYS = 1;

/** What Stripe answers when a checkout cannot be made: the request is refused, nothing is charged. */
const refused = (reason: string) => new AppError('provider_error', { status: 502, params: { reason } });

/**
 * Customer checkouts on a merchant's connected account, as Stripe Checkout makes them: the price
 * must exist on that account and be active (an archived offer's product or a replaced price cannot
 * be bought), the account must take charges, and the provider makes the customer from the email.
 * Objects of one account are invisible from another. The test clock of the account's owner (the
 * merchant) moves these subscriptions too.
 * Trial days work as Stripe's: the subscription starts trialing with a paid invoice of nothing, and
 * the first charge comes when the trial ends.
 */
export function sandboxNestCheckout(deps: SandboxDeps): NestCheckoutProvider {
  const run = <T>(tx: Tx | undefined, fn: (tx: Tx) => Promise<T>) => inTransaction(deps, tx, fn);
  return {
    createNestCheckout: (accountId, input, { tx }) =>
      run(tx, async (t) => {
        const [account] = await t.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId));
        if (!account) throw refused(`No such account: ${accountId}`);
        if (!account.chargesEnabled) throw refused('This account cannot take payments yet');
        const [price] = await t
          .select({ price: sandboxPrices, product: sandboxProducts })
          .from(sandboxPrices)
          .innerJoin(sandboxProducts, eq(sandboxProducts.id, sandboxPrices.productId))
          .where(and(eq(sandboxPrices.id, input.priceId), eq(sandboxPrices.accountId, accountId)));
        if (!price) throw refused(`No such price: ${input.priceId}`);
        if (!price.price.active || !price.product.active) {
          throw refused('The price specified is inactive');
        }
        const now = await sandboxNow(t, account.ownerId);
        const [customer] = await t
          .insert(sandboxCustomers)
          .values({
            id: sandboxId('cus', 14),
            ownerId: account.ownerId,
            accountId,
            email: input.customerEmail,
            name: input.customerName,
            createdAt: now,
          })
          .returning();
        const id = sandboxId('cs_test', 32);
        const [session] = await t
          .insert(sandboxCheckoutSessions)
          .values({
            id,
            ownerId: account.ownerId,
            accountId,
            mode: 'subscription',
            status: 'open',
            customerId: customer!.id,
            customerEmail: input.customerEmail,
            productName: price.product.name,
            amountCents: price.price.amountCents,
            currency: price.price.currency,
            interval: price.price.interval,
            intervalCount: price.price.intervalCount,
            trialDays: input.trialDays,
            applicationFeeBps: input.applicationFeeBps,
            metadata: withBranding(input.metadata, input.branding),
            subscriptionMetadata: input.subscriptionMetadata,
            successUrl: input.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', id),
            cancelUrl: input.cancelUrl,
            expiresAt: input.expiresInMinutes
              ? new Date(now.getTime() + input.expiresInMinutes * 60_000)
              : addDays(now, SESSION_LIFETIME_DAYS),
            createdAt: now,
          })
          .returning();
        const port = sessionToPort(session!, deps.publicUrl);
        return { ...port, url: port.url! };
      }),

    retrieveNestCheckoutSession: (accountId, sessionId, options) =>
      run(options?.tx, async (t) => {
        const [session] = await t
          .select()
          .from(sandboxCheckoutSessions)
          .where(
            and(eq(sandboxCheckoutSessions.id, sessionId), eq(sandboxCheckoutSessions.accountId, accountId)),
          );
        return session ? sessionToPort(session, deps.publicUrl) : null;
      }),

    retrieveNestSubscription: (accountId, subscriptionId, options) =>
      run(options?.tx, async (t) => {
        const [row] = await t
          .select()
          .from(sandboxSubscriptions)
          .where(
            and(eq(sandboxSubscriptions.id, subscriptionId), eq(sandboxSubscriptions.accountId, accountId)),
          );
        if (!row) return null;
        const offset = await clockOffsetSeconds(t, row.ownerId);
        const [latest] = row.latestInvoiceId
          ? await t.select().from(sandboxInvoices).where(eq(sandboxInvoices.id, row.latestInvoiceId))
          : [];
        return subscriptionToPort(row, latest, offset);
      }),

    retrieveNestInvoice: (accountId, invoiceId, options) =>
      run(options?.tx, async (t) => {
        const [row] = await t
          .select()
          .from(sandboxInvoices)
          .where(and(eq(sandboxInvoices.id, invoiceId), eq(sandboxInvoices.accountId, accountId)));
        return row ? invoiceToPort(row, await clockOffsetSeconds(t, row.ownerId)) : null;
      }),
  };
}
