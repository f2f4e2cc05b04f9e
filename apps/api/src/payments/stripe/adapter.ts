import type Stripe from 'stripe';
import { AppError } from '../../lib/errors.js';
import type { CatalogProvider } from '../catalog.js';
import { toProviderEvent } from '../events.js';
import type { NestMoneyProvider } from '../money.js';
import type { NestCheckoutProvider } from '../nest-checkout.js';
import type { NestSubscriptionActionsProvider } from '../nest-subscription-actions.js';
import type { PayoutAccountProvider } from '../payout-accounts.js';
import type {
  CardUpdateInput,
  PayInvoiceResult,
  PaymentProvider,
  PlanPrice,
  ProviderEvent,
  ProviderInvoice,
  ProviderSubscription,
  WriteOptions,
} from '../port.js';
import { verifyWebhookPayload } from '../webhook-signature.js';
import { applySetupCheckout, createSetupCheckout } from './card-update.js';
import { stripeCatalog } from './catalog.js';
import { changeSubscriptionPlan, requireSubscription, retrieveSubscription } from './change-plan.js';
import { call, retrieve, stripeLocale, toAppError } from './map-error.js';
import { PLAN_KEY, toCheckoutSession, toInvoice } from './map-objects.js';
import { stripeMoney } from './money.js';
import { stripeNestCheckout } from './nest-checkout.js';
import { stripeNestSubscriptionActions } from './nest-subscription-actions.js';
import { stripePayoutAccounts } from './payout-accounts.js';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (tests point it at a local fake of Stripe). */
  apiBase?: string | undefined;
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

/**
 * The Stripe client: its address, retries (safe, every create carries an idempotency key) and timeout.
 * `StripeSdk` is the SDK's class (`loadStripeSdk()`: loaded only when Stripe is the provider, ADR 223).
 */
export function createStripeClient(StripeSdk: typeof Stripe, options: StripeProviderOptions): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  return new StripeSdk(options.secretKey, {
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    appInfo: { name: 'Nest' },
  });
}

const INVOICE_EXPAND = ['payments.data.payment.payment_intent'];

/**
 * Stripe behind the port: Checkout in subscription mode and Billing for the merchant's plan, Connect
 * Express accounts for payouts. Plan prices are Stripe Prices found by a lookup key that names plan,
 * amount and currency, created on first use: changing a price in the configuration makes a new one.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  // The merchants' offers: products and prices on connected accounts (./catalog.ts).
  readonly createProduct: CatalogProvider['createProduct'] = (...a) =>
    stripeCatalog(this.stripe).createProduct(...a);
  readonly updateProduct: CatalogProvider['updateProduct'] = (...a) =>
    stripeCatalog(this.stripe).updateProduct(...a);
  readonly createPrice: CatalogProvider['createPrice'] = (...a) =>
    stripeCatalog(this.stripe).createPrice(...a);
  readonly setPriceActive: CatalogProvider['setPriceActive'] = (...a) =>
    stripeCatalog(this.stripe).setPriceActive(...a);
  // Customers' checkouts on the merchants' connected accounts (./nest-checkout.ts).
  readonly createNestCheckout: NestCheckoutProvider['createNestCheckout'] = (...a) =>
    stripeNestCheckout(this.stripe).createNestCheckout(...a);
  readonly retrieveNestCheckoutSession: NestCheckoutProvider['retrieveNestCheckoutSession'] = (...a) =>
    stripeNestCheckout(this.stripe).retrieveNestCheckoutSession(...a);
  readonly retrieveNestSubscription: NestCheckoutProvider['retrieveNestSubscription'] = (...a) =>
    stripeNestCheckout(this.stripe).retrieveNestSubscription(...a);
  readonly retrieveNestInvoice: NestCheckoutProvider['retrieveNestInvoice'] = (...a) =>
    stripeNestCheckout(this.stripe).retrieveNestInvoice(...a);
  // Refunds, payments, payouts and disputes for the ledger (./money.ts).
  readonly createNestRefund: NestMoneyProvider['createNestRefund'] = (...a) =>
    stripeMoney(this.stripe).createNestRefund(...a);
  readonly retrieveNestPayment: NestMoneyProvider['retrieveNestPayment'] = (...a) =>
    stripeMoney(this.stripe).retrieveNestPayment(...a);
  readonly retrieveNestPayout: NestMoneyProvider['retrieveNestPayout'] = (...a) =>
    stripeMoney(this.stripe).retrieveNestPayout(...a);
  readonly retrieveNestDispute: NestMoneyProvider['retrieveNestDispute'] = (...a) =>
    stripeMoney(this.stripe).retrieveNestDispute(...a);
  readonly setNestCancelAtPeriodEnd: NestSubscriptionActionsProvider['setNestCancelAtPeriodEnd'] = (...a) =>
    stripeNestSubscriptionActions(this.stripe).setNestCancelAtPeriodEnd(...a);
  readonly cancelNestSubscriptionNow: NestSubscriptionActionsProvider['cancelNestSubscriptionNow'] = (...a) =>
    stripeNestSubscriptionActions(this.stripe).cancelNestSubscriptionNow(...a);
  readonly pauseNestSubscription: NestSubscriptionActionsProvider['pauseNestSubscription'] = (...a) =>
    stripeNestSubscriptionActions(this.stripe).pauseNestSubscription(...a);
  readonly resumeNestSubscription: NestSubscriptionActionsProvider['resumeNestSubscription'] = (...a) =>
    stripeNestSubscriptionActions(this.stripe).resumeNestSubscription(...a);
  readonly payNestInvoice: NestSubscriptionActionsProvider['payNestInvoice'] = (...a) =>
    stripeNestSubscriptionActions(this.stripe).payNestInvoice(...a);
  readonly createNestCardUpdateSession: NestSubscriptionActionsProvider['createNestCardUpdateSession'] = (
    ...a
  ) => stripeNestSubscriptionActions(this.stripe).createNestCardUpdateSession(...a);
  readonly completeNestCardUpdate: NestSubscriptionActionsProvider['completeNestCardUpdate'] = (...a) =>
    stripeNestSubscriptionActions(this.stripe).completeNestCardUpdate(...a);
  // The merchants' payout accounts: Connect Express accounts (./payout-accounts.ts).
  readonly createConnectedAccount: PayoutAccountProvider['createConnectedAccount'] = (...a) =>
    stripePayoutAccounts(this.stripe).createConnectedAccount(...a);
  readonly createAccountLink: PayoutAccountProvider['createAccountLink'] = (...a) =>
    stripePayoutAccounts(this.stripe).createAccountLink(...a);
  readonly retrieveAccount: PayoutAccountProvider['retrieveAccount'] = (...a) =>
    stripePayoutAccounts(this.stripe).retrieveAccount(...a);
  readonly updatePayoutSchedule: PayoutAccountProvider['updatePayoutSchedule'] = (...a) =>
    stripePayoutAccounts(this.stripe).updatePayoutSchedule(...a);
  private readonly priceIds = new Map<string, string>();

  constructor(
    private readonly stripe: Stripe,
    private readonly webhookSecret: string,
  ) {}

  async verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): Promise<ProviderEvent> {
    const event = toProviderEvent(await verifyWebhookPayload(rawBody, signatureHeader, this.webhookSecret));
    if (!event) throw new AppError('bad_request');
    return event;
  }

  /** The Stripe Price of a plan at its configured amount, created once (idempotently) if missing. */
  async planPriceId(price: PlanPrice): Promise<string> {
    const lookupKey = `nest_plan_${price.plan}_${price.amountCents}_${price.currency}_month`;
    const cached = this.priceIds.get(lookupKey);
    if (cached) return cached;
    const found = await call(() =>
      this.stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 }),
    );
    const id =
      found.data[0]?.id ??
      (
        await call(() =>
          this.stripe.prices.create(
            {
              currency: price.currency,
              unit_amount: price.amountCents,
              recurring: { interval: 'month' },
              lookup_key: lookupKey,
              product_data: { name: price.productName, metadata: { [PLAN_KEY]: price.plan } },
              metadata: { [PLAN_KEY]: price.plan },
            },
            { idempotencyKey: `nest:price:${lookupKey}` },
          ),
        )
      ).id;
    this.priceIds.set(lookupKey, id);
    return id;
  }

  async createCustomer(input: Parameters<PaymentProvider['createCustomer']>[0], options: WriteOptions) {
    const customer = await call(() =>
      this.stripe.customers.create(
        {
          email: input.email,
          name: input.name,
          preferred_locales: [stripeLocale(input.locale)],
          metadata: { ...input.metadata, nest_owner_id: input.ownerId },
        },
        { idempotencyKey: options.idempotencyKey },
      ),
    );
    return { id: customer.id, email: customer.email ?? null };
  }

  async createPlanCheckout(
    input: Parameters<PaymentProvider['createPlanCheckout']>[0],
    options: WriteOptions,
  ) {
    const priceId = await this.planPriceId(input.price);
    const session = await call(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: input.customerId,
          line_items: [{ price: priceId, quantity: 1 }],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          locale: stripeLocale(input.locale),
          metadata: input.metadata,
          subscription_data: { metadata: { ...input.metadata, [PLAN_KEY]: input.price.plan } },
        },
        { idempotencyKey: options.idempotencyKey },
      ),
    );
    if (!session.url)
      throw new AppError('provider_error', { status: 502, params: { reason: 'no checkout URL' } });
    return { ...toCheckoutSession(session), url: session.url };
  }

  async retrieveCheckoutSession(id: string) {
    const session = await retrieve(() => this.stripe.checkout.sessions.retrieve(id));
    return session ? toCheckoutSession(session) : null;
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    return retrieveSubscription(this.stripe, id);
  }

  async retrieveInvoice(id: string): Promise<ProviderInvoice | null> {
    const invoice = await retrieve(() => this.stripe.invoices.retrieve(id, { expand: INVOICE_EXPAND }));
    return invoice ? toInvoice(invoice) : null;
  }

  async listOpenInvoices(subscriptionId: string): Promise<ProviderInvoice[]> {
    const list = await call(() =>
      this.stripe.invoices.list({ subscription: subscriptionId, status: 'open', limit: 100 }),
    );
    return list.data.map(toInvoice).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  changeSubscriptionPlan(
    subscriptionId: string,
    input: Parameters<PaymentProvider['changeSubscriptionPlan']>[1],
    options: WriteOptions,
  ): Promise<ProviderSubscription> {
    return changeSubscriptionPlan(
      this.stripe,
      (price) => this.planPriceId(price),
      subscriptionId,
      input,
      options,
    );
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean, options: WriteOptions) {
    const current = await call(() => this.stripe.subscriptions.retrieve(subscriptionId));
    const scheduleId =
      typeof current.schedule === 'string' ? current.schedule : (current.schedule?.id ?? null);
    // A subscription run by a schedule cannot be cancelled directly: the pending change is dropped first.
    if (cancel && scheduleId) {
      await call(() =>
        this.stripe.subscriptionSchedules.release(
          scheduleId,
          {},
          { idempotencyKey: `${options.idempotencyKey}:release` },
        ),
      );
    }
    await call(() =>
      this.stripe.subscriptions.update(
        subscriptionId,
        { cancel_at_period_end: cancel },
        { idempotencyKey: options.idempotencyKey },
      ),
    );
    return requireSubscription(this.stripe, subscriptionId);
  }

  async payInvoice(invoiceId: string, options: WriteOptions): Promise<PayInvoiceResult> {
    try {
      const invoice = await this.stripe.invoices.pay(
        invoiceId,
        { expand: INVOICE_EXPAND },
        { idempotencyKey: options.idempotencyKey },
      );
      return { outcome: 'paid', failureCode: null, invoice: toInvoice(invoice) };
    } catch (error) {
      const e = error as { type?: string; decline_code?: string; code?: string };
      if (e.type !== 'StripeCardError') throw toAppError(error);
      const invoice = await this.retrieveInvoice(invoiceId);
      if (!invoice) throw new AppError('not_found');
      return { outcome: 'failed', failureCode: e.decline_code ?? e.code ?? 'card_declined', invoice };
    }
  }

  createCardUpdateSession(input: CardUpdateInput, options: WriteOptions) {
    return createSetupCheckout(this.stripe, input, { idempotencyKey: options.idempotencyKey });
  }

  completeCardUpdate(sessionId: string, options: WriteOptions): Promise<string | null> {
    return applySetupCheckout(this.stripe, sessionId, { idempotencyKey: options.idempotencyKey });
  }
}
