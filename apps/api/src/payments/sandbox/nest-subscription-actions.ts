import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { sandboxInvoices, sandboxSubscriptions } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { NestSubscriptionActionsProvider } from '../nest-subscription-actions.js';
import { cancelNow, pauseCollection, resumeCollection, setCancelAtPeriodEnd } from './change-subscription.js';
import { chargeInvoice } from './charge-invoice.js';
import { clockOffsetSeconds, sandboxNow } from './clock.js';
import { inTransaction, type SandboxDeps } from './context.js';
import { settleSubscription } from './renew-subscriptions.js';
import { completeCardUpdate, createSetupSession } from './setup-session.js';
import { invoiceToPort, type SandboxSubscriptionRow, sessionToPort, subscriptionToPort } from './to-port.js';

/**
 * Runs a change on a subscription of that connected account (another account's is not_found), at the
 * owner's sandbox time, and answers the subscription as it is afterwards.
 */
async function onAccount(
  t: Tx,
  accountId: string,
  subscriptionId: string,
  change: (row: SandboxSubscriptionRow, now: Date) => Promise<unknown>,
) {
  const [current] = await t
    .select()
    .from(sandboxSubscriptions)
    .where(and(eq(sandboxSubscriptions.id, subscriptionId), eq(sandboxSubscriptions.accountId, accountId)));
  if (!current) throw new AppError('not_found');
  await change(current, await sandboxNow(t, current.ownerId));
  const [updated] = await t
    .select()
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.id, subscriptionId));
  const [latest] = updated!.latestInvoiceId
    ? await t.select().from(sandboxInvoices).where(eq(sandboxInvoices.id, updated!.latestInvoiceId))
    : [];
  return subscriptionToPort(updated!, latest, await clockOffsetSeconds(t, updated!.ownerId));
}

/**
 * Customers' subscription actions on a connected account, as Stripe answers them with Stripe-Account:
 * an object of another account is "no such object" (not_found here).
 */
export function sandboxNestSubscriptionActions(deps: SandboxDeps): NestSubscriptionActionsProvider {
  const run = <T>(tx: Tx | undefined, fn: (tx: Tx) => Promise<T>) => inTransaction(deps, tx, fn);
  return {
    setNestCancelAtPeriodEnd: (accountId, subscriptionId, cancel, { tx }) =>
      run(tx, async (t) => {
        const [current] = await t
          .select()
          .from(sandboxSubscriptions)
          .where(
            and(eq(sandboxSubscriptions.id, subscriptionId), eq(sandboxSubscriptions.accountId, accountId)),
          );
        if (!current) throw new AppError('not_found');
        const updated = await setCancelAtPeriodEnd(
          deps,
          t,
          subscriptionId,
          cancel,
          await sandboxNow(t, current.ownerId),
        );
        const [latest] = updated.latestInvoiceId
          ? await t.select().from(sandboxInvoices).where(eq(sandboxInvoices.id, updated.latestInvoiceId))
          : [];
        return subscriptionToPort(updated, latest, await clockOffsetSeconds(t, updated.ownerId));
      }),

    cancelNestSubscriptionNow: (accountId, subscriptionId, { tx }) =>
      run(tx, async (t) => {
        const [current] = await t
          .select()
          .from(sandboxSubscriptions)
          .where(
            and(eq(sandboxSubscriptions.id, subscriptionId), eq(sandboxSubscriptions.accountId, accountId)),
          );
        if (!current) throw new AppError('not_found');
        const ended = await cancelNow(deps, t, subscriptionId, await sandboxNow(t, current.ownerId));
        const [latest] = ended.latestInvoiceId
          ? await t.select().from(sandboxInvoices).where(eq(sandboxInvoices.id, ended.latestInvoiceId))
          : [];
        return subscriptionToPort(ended, latest, await clockOffsetSeconds(t, ended.ownerId));
      }),

    pauseNestSubscription: (accountId, subscriptionId, periods, { tx }) =>
      run(tx, (t) =>
        onAccount(t, accountId, subscriptionId, (row, now) =>
          pauseCollection(deps, t, subscriptionId, periods, now).then(() => row),
        ),
      ),

    resumeNestSubscription: (accountId, subscriptionId, { tx }) =>
      run(tx, (t) =>
        onAccount(t, accountId, subscriptionId, (row, now) =>
          resumeCollection(deps, t, subscriptionId, now).then(() => row),
        ),
      ),

    payNestInvoice: (accountId, invoiceId, { tx }) =>
      run(tx, async (t) => {
        const [invoice] = await t
          .select()
          .from(sandboxInvoices)
          .where(and(eq(sandboxInvoices.id, invoiceId), eq(sandboxInvoices.accountId, accountId)))
          .for('update');
        if (!invoice) throw new AppError('not_found');
        const now = await sandboxNow(t, invoice.ownerId);
        const result = await chargeInvoice(deps, t, invoice, 'manual', now);
        // Paid up after a long lapse: the periods that ended meanwhile are renewed at once.
        if (result.outcome === 'paid' && invoice.subscriptionId) {
          await settleSubscription(deps, t, invoice.subscriptionId, now);
        }
        const [current] = await t.select().from(sandboxInvoices).where(eq(sandboxInvoices.id, invoiceId));
        return {
          outcome: result.outcome,
          failureCode: result.failureCode,
          invoice: invoiceToPort(current!, await clockOffsetSeconds(t, invoice.ownerId)),
        };
      }),

    createNestCardUpdateSession: (accountId, input, { tx }) =>
      run(tx, async (t) => {
        const [subscription] = await t
          .select()
          .from(sandboxSubscriptions)
          .where(
            and(
              eq(sandboxSubscriptions.id, input.subscriptionId),
              eq(sandboxSubscriptions.accountId, accountId),
            ),
          );
        if (subscription?.customerId !== input.customerId) throw new AppError('not_found');
        const session = await createSetupSession(t, {
          ownerId: subscription.ownerId,
          accountId,
          customerId: input.customerId,
          subscriptionId: input.subscriptionId,
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          metadata: input.metadata,
          now: await sandboxNow(t, subscription.ownerId),
        });
        return { id: session.id, url: sessionToPort(session, deps.publicUrl).url! };
      }),

    completeNestCardUpdate: (accountId, sessionId, { tx }) =>
      run(tx, (t) => completeCardUpdate(deps, t, sessionId, accountId)),
  };
}
