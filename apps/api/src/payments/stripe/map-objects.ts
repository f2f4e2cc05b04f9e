import { type PlanId, planIdSchema, type SubscriptionStatus } from '@nest/contracts';
import type Stripe from 'stripe';
import type {
  BillingReason,
  InvoiceStatus,
  PayoutInterval,
  ProviderAccount,
  ProviderCheckoutSession,
  ProviderInvoice,
  ProviderSubscription,
  Weekday,
} from '../port.js';

/** The metadata key naming the plan on our Stripe prices, subscriptions and schedule phases. */
export const PLAN_KEY = 'nest_plan';
/** Setup-mode sessions (a new card) name the subscription they are for. */
export const SESSION_SUBSCRIPTION_KEY = 'nest_subscription_id';

const date = (unix: number) => new Date(unix * 1000);
const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

export function planFromMetadata(metadata: Stripe.Metadata | null | undefined): PlanId | null {
  const parsed = planIdSchema.safeParse(metadata?.[PLAN_KEY]);
  return parsed.success ? parsed.data : null;
}

/** Stripe's statuses in ours: an expired first payment is an ended subscription, a paused one is not being paid. */
function subscriptionStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
    case 'past_due':
    case 'unpaid':
    case 'canceled':
    case 'incomplete':
      return status as SubscriptionStatus;
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'unpaid';
  }
}

function billingReason(reason: Stripe.Invoice.BillingReason | null): BillingReason {
  switch (reason) {
    case 'subscription_create':
    case 'subscription_cycle':
    case 'subscription_update':
      return reason as BillingReason;
    default:
      return 'manual';
  }
}

/** The decline code of the invoice's latest failed payment, when Stripe included its payments. */
function lastFailureCode(invoice: Stripe.Invoice): string | null {
  const payments = invoice.payments?.data ?? [];
  for (const payment of [...payments].reverse()) {
    const intent = payment.payment.payment_intent;
    if (intent && typeof intent !== 'string' && intent.last_payment_error) {
      return intent.last_payment_error.decline_code ?? intent.last_payment_error.code ?? 'card_declined';
    }
  }
  return null;
}

export function toInvoice(invoice: Stripe.Invoice): ProviderInvoice {
  const subscription = invoice.parent?.subscription_details?.subscription;
  const status = (invoice.status ?? 'draft') as InvoiceStatus;
  return {
    id: invoice.id,
    customerId: idOf(invoice.customer) ?? '',
    subscriptionId: idOf(subscription),
    status,
    billingReason: billingReason(invoice.billing_reason),
    amountDueCents: invoice.amount_due,
    amountPaidCents: invoice.amount_paid,
    currency: invoice.currency,
    periodStart: date(invoice.period_start),
    periodEnd: date(invoice.period_end),
    attemptCount: invoice.attempt_count,
    nextPaymentAttemptAt: invoice.next_payment_attempt ? date(invoice.next_payment_attempt) : null,
    lastFailureCode: status === 'paid' ? null : lastFailureCode(invoice),
    paidAt: invoice.status_transitions?.paid_at ? date(invoice.status_transitions.paid_at) : null,
    createdAt: date(invoice.created),
  };
}

/** The plan a scheduled phase after the current period switches to (a downgrade at period end). */
function pendingPlanOf(subscription: Stripe.Subscription, periodEnd: number): PlanId | null {
  const schedule = subscription.schedule;
  if (!schedule || typeof schedule === 'string') return null;
  const next = schedule.phases.find((phase) => phase.start_date >= periodEnd);
  return next ? planFromMetadata(next.metadata) : null;
}

/** Where the app keeps a pause's paused window on the subscription (ADR 150). */
export const PAUSE_STARTS_KEY = 'nest_pause_starts_at';
export const PAUSE_ENDS_KEY = 'nest_pause_ends_at';
/** A pause without an end (set on Stripe's dashboard) lasts until someone resumes it. */
const NO_END = new Date('9999-12-31T00:00:00Z');

/**
 * pause_collection says whether collection is paused and until when it resumes; the window the app
 * set (from the end of the paid period to a period boundary) is in the metadata, because resumes_at
 * is set a minute before that boundary so the renewal at the boundary is certainly collected.
 */
function pauseOf(subscription: Stripe.Subscription, currentPeriodEnd: number) {
  const paused = subscription.pause_collection;
  if (!paused) return null;
  const meta = subscription.metadata ?? {};
  const startsAt = meta[PAUSE_STARTS_KEY] ? new Date(meta[PAUSE_STARTS_KEY]) : date(currentPeriodEnd);
  const endsAt = meta[PAUSE_ENDS_KEY]
    ? new Date(meta[PAUSE_ENDS_KEY])
    : paused.resumes_at
      ? date(paused.resumes_at)
      : NO_END;
  return { startsAt, endsAt };
}

export function toSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${subscription.id} has no item`);
  const latest = subscription.latest_invoice;
  const plan = planFromMetadata(item.price.metadata) ?? planFromMetadata(subscription.metadata);
  const pendingPlan = pendingPlanOf(subscription, item.current_period_end);
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscriptionStatus(subscription.status),
    metadata: subscription.metadata ?? {},
    plan,
    pendingPlan: pendingPlan !== plan ? pendingPlan : null,
    amountCents: item.price.unit_amount ?? 0,
    currency: item.price.currency,
    currentPeriodStart: date(item.current_period_start),
    currentPeriodEnd: date(item.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    pause: pauseOf(subscription, item.current_period_end),
    latestInvoice: latest && typeof latest !== 'string' ? toInvoice(latest) : null,
    createdAt: date(subscription.created),
  };
}

export function toCheckoutSession(session: Stripe.Checkout.Session): ProviderCheckoutSession {
  const metadata = session.metadata ?? {};
  return {
    id: session.id,
    mode: session.mode === 'setup' ? 'setup' : 'subscription',
    status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
    url: session.url,
    customerId: idOf(session.customer),
    subscriptionId:
      session.mode === 'setup' ? (metadata[SESSION_SUBSCRIPTION_KEY] ?? null) : idOf(session.subscription),
    metadata,
  };
}

const weekdays: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

export function toAccount(account: Stripe.Account): ProviderAccount {
  const schedule = account.settings?.payouts?.schedule;
  const interval = (schedule?.interval ?? 'daily') as PayoutInterval;
  const weekly = schedule?.weekly_anchor as Weekday | undefined;
  return {
    id: account.id,
    email: account.email ?? null,
    businessName: account.business_profile?.name ?? null,
    detailsSubmitted: account.details_submitted ?? false,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    payoutSchedule: {
      interval,
      weeklyAnchor: weekly && weekdays.includes(weekly) ? weekly : null,
      monthlyAnchor: schedule?.monthly_anchor ?? null,
    },
    metadata: account.metadata ?? {},
  };
}
