import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  sandboxCheckoutSessions,
  sandboxCustomers,
  sandboxInvoices,
  sandboxSubscriptions,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { CatalogProvider } from '../catalog.js';
import { toProviderEvent } from '../events.js';
import type { NestMoneyProvider } from '../money.js';
import type { NestCheckoutProvider } from '../nest-checkout.js';
import type { NestSubscriptionActionsProvider } from '../nest-subscription-actions.js';
import type { PayoutAccountProvider } from '../payout-accounts.js';
import type {
  CallOptions,
  PayInvoiceResult,
  PaymentProvider,
  ProviderCheckoutSession,
  ProviderEvent,
  ProviderInvoice,
  ProviderSubscription,
  WriteOptions,
} from '../port.js';
import { verifyWebhookPayload } from '../webhook-signature.js';
import { sandboxCatalog } from './catalog.js';
import { changeSubscriptionItem, setCancelAtPeriodEnd } from './change-subscription.js';
import { chargeInvoice } from './charge-invoice.js';
import { createSubscriptionSession } from './checkout.js';
import { clockOffsetSeconds, sandboxNow } from './clock.js';
import { inTransaction, type SandboxDeps } from './context.js';
import { sandboxId } from './ids.js';
import { sandboxMoney } from './money.js';
import { sandboxNestCheckout } from './nest-checkout.js';
import { sandboxNestSubscriptionActions } from './nest-subscription-actions.js';
import { sandboxPayoutAccounts } from './payout-accounts.js';
import { settleSubscription } from './renew-subscriptions.js';
import { completeCardUpdate, createSetupSession } from './setup-session.js';
import {
  invoiceToPort,
  PLAN_METADATA_KEY,
  type SandboxSubscriptionRow,
  sessionToPort,
  subscriptionToPort,
} from './to-port.js';

export interface SandboxProviderOptions extends SandboxDeps {
  webhookSecret: string;
}

/**
 * The sandbox behind the PaymentProvider port. Idempotency keys are accepted and not needed: each
 * call is one transaction of our own database, so a failed call leaves nothing to retry around.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  // The merchants' offers: products and prices on connected accounts (./catalog.ts).
  readonly createProduct: CatalogProvider['createProduct'] = (...a) =>
    sandboxCatalog(this.options.db).createProduct(...a);
  readonly updateProduct: CatalogProvider['updateProduct'] = (...a) =>
    sandboxCatalog(this.options.db).updateProduct(...a);
  readonly createPrice: CatalogProvider['createPrice'] = (...a) =>
    sandboxCatalog(this.options.db).createPrice(...a);
  readonly setPriceActive: CatalogProvider['setPriceActive'] = (...a) =>
    sandboxCatalog(this.options.db).setPriceActive(...a);
  // Customers' checkouts on the merchants' connected accounts (./nest-checkout.ts).
  readonly createNestCheckout: NestCheckoutProvider['createNestCheckout'] = (...a) =>
    sandboxNestCheckout(this.options).createNestCheckout(...a);
  readonly retrieveNestCheckoutSession: NestCheckoutProvider['retrieveNestCheckoutSession'] = (...a) =>
    sandboxNestCheckout(this.options).retrieveNestCheckoutSession(...a);
  readonly retrieveNestSubscription: NestCheckoutProvider['retrieveNestSubscription'] = (...a) =>
    sandboxNestCheckout(this.options).retrieveNestSubscription(...a);
  readonly retrieveNestInvoice: NestCheckoutProvider['retrieveNestInvoice'] = (...a) =>
    sandboxNestCheckout(this.options).retrieveNestInvoice(...a);
  // Refunds, payments, payouts and disputes on connected accounts, for the ledger (./money.ts).
  readonly createNestRefund: NestMoneyProvider['createNestRefund'] = (...a) =>
    sandboxMoney(this.options).createNestRefund(...a);
  readonly retrieveNestPayment: NestMoneyProvider['retrieveNestPayment'] = (...a) =>
    sandboxMoney(this.options).retrieveNestPayment(...a);
  readonly retrieveNestPayout: NestMoneyProvider['retrieveNestPayout'] = (...a) =>
    sandboxMoney(this.options).retrieveNestPayout(...a);
  readonly retrieveNestDispute: NestMoneyProvider['retrieveNestDispute'] = (...a) =>
    sandboxMoney(this.options).retrieveNestDispute(...a);
  // Customers' own actions on their subscriptions (./nest-subscription-actions.ts).
  readonly setNestCancelAtPeriodEnd: NestSubscriptionActionsProvider['setNestCancelAtPeriodEnd'] = (...a) =>
    sandboxNestSubscriptionActions(this.options).setNestCancelAtPeriodEnd(...a);
  readonly cancelNestSubscriptionNow: NestSubscriptionActionsProvider['cancelNestSubscriptionNow'] = (...a) =>
    sandboxNestSubscriptionActions(this.options).cancelNestSubscriptionNow(...a);
  readonly pauseNestSubscription: NestSubscriptionActionsProvider['pauseNestSubscription'] = (...a) =>
    sandboxNestSubscriptionActions(this.options).pauseNestSubscription(...a);
  readonly resumeNestSubscription: NestSubscriptionActionsProvider['resumeNestSubscription'] = (...a) =>
    sandboxNestSubscriptionActions(this.options).resumeNestSubscription(...a);
  readonly payNestInvoice: NestSubscriptionActionsProvider['payNestInvoice'] = (...a) =>
    sandboxNestSubscriptionActions(this.options).payNestInvoice(...a);
  readonly createNestCardUpdateSession: NestSubscriptionActionsProvider['createNestCardUpdateSession'] = (
    ...a
  ) => sandboxNestSubscriptionActions(this.options).createNestCardUpdateSession(...a);
  readonly completeNestCardUpdate: NestSubscriptionActionsProvider['completeNestCardUpdate'] = (...a) =>
    sandboxNestSubscriptionActions(this.options).completeNestCardUpdate(...a);
  // The merchants' payout accounts (./payout-accounts.ts).
  readonly createConnectedAccount: PayoutAccountProvider['createConnectedAccount'] = (...a) =>
    sandboxPayoutAccounts(this.options).createConnectedAccount(...a);
  readonly createAccountLink: PayoutAccountProvider['createAccountLink'] = (...a) =>
    sandboxPayoutAccounts(this.options).createAccountLink(...a);
  readonly retrieveAccount: PayoutAccountProvider['retrieveAccount'] = (...a) =>
    sandboxPayoutAccounts(this.options).retrieveAccount(...a);
  readonly updatePayoutSchedule: PayoutAccountProvider['updatePayoutSchedule'] = (...a) =>
    sandboxPayoutAccounts(this.options).updatePayoutSchedule(...a);
  constructor(private readonly options: SandboxProviderOptions) {}

  private get deps(): SandboxDeps {
    return this.options;
  }

  private run<T>(options: CallOptions | undefined, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return inTransaction(this.deps, options?.tx, fn);
  }

  async verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): Promise<ProviderEvent> {
    const event = toProviderEvent(
      await verifyWebhookPayload(rawBody, signatureHeader, this.options.webhookSecret),
    );
    if (!event) throw new AppError('bad_request');
    return event;
  }

  async createCustomer(input: Parameters<PaymentProvider['createCustomer']>[0], options: WriteOptions) {
    return this.run(options, async (tx) => {
      const [customer] = await tx
        .insert(sandboxCustomers)
        .values({
          id: sandboxId('cus', 14),
          ownerId: input.ownerId,
          email: input.email,
          name: input.name,
          metadata: input.metadata,
          createdAt: await sandboxNow(tx, input.ownerId),
        })
        .returning();
      return { id: customer!.id, email: customer!.email };
    });
  }

  async createPlanCheckout(
    input: Parameters<PaymentProvider['createPlanCheckout']>[0],
    options: WriteOptions,
  ): Promise<ProviderCheckoutSession & { url: string }> {
    return this.run(options, async (tx) => {
      const [customer] = await tx
        .select()
        .from(sandboxCustomers)
        .where(eq(sandboxCustomers.id, input.customerId));
      if (!customer) throw new AppError('not_found');
      const session = await createSubscriptionSession(tx, {
        ownerId: customer.ownerId,
        customerId: customer.id,
        productName: input.price.productName,
        amountCents: input.price.amountCents,
        currency: input.price.currency,
        interval: 'month',
        intervalCount: 1,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        metadata: input.metadata,
        subscriptionMetadata: { ...input.metadata, [PLAN_METADATA_KEY]: input.price.plan },
        now: await sandboxNow(tx, customer.ownerId),
      });
      const port = sessionToPort(session, this.deps.publicUrl);
      return { ...port, url: port.url! };
    });
  }

  async retrieveCheckoutSession(id: string, options?: CallOptions) {
    return this.run(options, async (tx) => {
      const [session] = await tx
        .select()
        .from(sandboxCheckoutSessions)
        .where(eq(sandboxCheckoutSessions.id, id));
      return session ? sessionToPort(session, this.deps.publicUrl) : null;
    });
  }

  private async subscriptionSnapshot(tx: Tx, row: SandboxSubscriptionRow): Promise<ProviderSubscription> {
    const offset = await clockOffsetSeconds(tx, row.ownerId);
    const [latest] = row.latestInvoiceId
      ? await tx.select().from(sandboxInvoices).where(eq(sandboxInvoices.id, row.latestInvoiceId))
      : [];
    return subscriptionToPort(row, latest, offset);
  }

  async retrieveSubscription(id: string, options?: CallOptions) {
    return this.run(options, async (tx) => {
      const [row] = await tx.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id));
      return row ? this.subscriptionSnapshot(tx, row) : null;
    });
  }

  async retrieveInvoice(id: string, options?: CallOptions): Promise<ProviderInvoice | null> {
    return this.run(options, async (tx) => {
      const [row] = await tx.select().from(sandboxInvoices).where(eq(sandboxInvoices.id, id));
      return row ? invoiceToPort(row, await clockOffsetSeconds(tx, row.ownerId)) : null;
    });
  }

  async listOpenInvoices(subscriptionId: string, options?: CallOptions) {
    return this.run(options, async (tx) => {
      const rows = await tx
        .select()
        .from(sandboxInvoices)
        .where(and(eq(sandboxInvoices.subscriptionId, subscriptionId), eq(sandboxInvoices.status, 'open')))
        .orderBy(asc(sandboxInvoices.createdAt));
      const first = rows[0];
      if (!first) return [];
      const offset = await clockOffsetSeconds(tx, first.ownerId);
      return rows.map((row) => invoiceToPort(row, offset));
    });
  }

  private async ownedSubscription(tx: Tx, id: string): Promise<SandboxSubscriptionRow> {
    const [row] = await tx.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id));
    if (!row) throw new AppError('not_found');
    return row;
  }

  async changeSubscriptionPlan(
    subscriptionId: string,
    input: Parameters<PaymentProvider['changeSubscriptionPlan']>[1],
    options: WriteOptions,
  ) {
    return this.run(options, async (tx) => {
      const current = await this.ownedSubscription(tx, subscriptionId);
      const updated = await changeSubscriptionItem(
        this.deps,
        tx,
        subscriptionId,
        {
          productName: input.price.productName,
          amountCents: input.price.amountCents,
          metadata: { ...current.metadata, [PLAN_METADATA_KEY]: input.price.plan },
        },
        input.timing,
        await sandboxNow(tx, current.ownerId),
      );
      return this.subscriptionSnapshot(tx, updated);
    });
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean, options: WriteOptions) {
    return this.run(options, async (tx) => {
      const current = await this.ownedSubscription(tx, subscriptionId);
      const updated = await setCancelAtPeriodEnd(
        this.deps,
        tx,
        subscriptionId,
        cancel,
        await sandboxNow(tx, current.ownerId),
      );
      return this.subscriptionSnapshot(tx, updated);
    });
  }

  async payInvoice(invoiceId: string, options: WriteOptions): Promise<PayInvoiceResult> {
    return this.run(options, async (tx) => {
      const [invoice] = await tx
        .select()
        .from(sandboxInvoices)
        .where(eq(sandboxInvoices.id, invoiceId))
        .for('update');
      if (!invoice) throw new AppError('not_found');
      const now = await sandboxNow(tx, invoice.ownerId);
      const result = await chargeInvoice(this.deps, tx, invoice, 'manual', now);
      // Paid up after a long lapse: the periods that ended meanwhile are renewed at once.
      if (result.outcome === 'paid' && invoice.subscriptionId) {
        await settleSubscription(this.deps, tx, invoice.subscriptionId, now);
      }
      const [current] = await tx.select().from(sandboxInvoices).where(eq(sandboxInvoices.id, invoiceId));
      return {
        outcome: result.outcome,
        failureCode: result.failureCode,
        invoice: invoiceToPort(current!, await clockOffsetSeconds(tx, invoice.ownerId)),
      };
    });
  }

  async createCardUpdateSession(
    input: Parameters<PaymentProvider['createCardUpdateSession']>[0],
    options: WriteOptions,
  ) {
    return this.run(options, async (tx) => {
      const subscription = await this.ownedSubscription(tx, input.subscriptionId);
      if (subscription.customerId !== input.customerId) throw new AppError('not_found');
      const session = await createSetupSession(tx, {
        ownerId: subscription.ownerId,
        customerId: input.customerId,
        subscriptionId: input.subscriptionId,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        metadata: input.metadata,
        now: await sandboxNow(tx, subscription.ownerId),
      });
      return { id: session.id, url: sessionToPort(session, this.deps.publicUrl).url! };
    });
  }

  async completeCardUpdate(sessionId: string, options: WriteOptions): Promise<string | null> {
    return this.run(options, (tx) => completeCardUpdate(this.deps, tx, sessionId, null));
  }
}
