import { type PlanId, planIdSchema } from '@nest/contracts';
import type {
  sandboxAccounts,
  sandboxCheckoutSessions,
  sandboxInvoices,
  sandboxSubscriptions,
} from '../../db/schema/index.js';
import type {
  ProviderAccount,
  ProviderCheckoutSession,
  ProviderInvoice,
  ProviderSubscription,
  Weekday,
} from '../port.js';
import { withoutBranding } from './branding.js';
import { shift } from './clock.js';
import type { EmittedObject } from './emit-event.js';

export type SandboxSubscriptionRow = typeof sandboxSubscriptions.$inferSelect;
export type SandboxInvoiceRow = typeof sandboxInvoices.$inferSelect;
export type SandboxSessionRow = typeof sandboxCheckoutSessions.$inferSelect;
export type SandboxAccountRow = typeof sandboxAccounts.$inferSelect;

/** The metadata key that names the plan a subscription bills (set by the sandbox adapter). */
export const PLAN_METADATA_KEY = 'nest_plan';

export function planOf(metadata: Record<string, string> | null | undefined): PlanId | null {
  const parsed = planIdSchema.safeParse(metadata?.[PLAN_METADATA_KEY]);
  return parsed.success ? parsed.data : null;
}

/** Sandbox time back to real time: what the app sees. */
const real = (date: Date, offsetSeconds: number) => shift(date, -offsetSeconds);
const realOrNull = (date: Date | null, offsetSeconds: number) => (date ? real(date, offsetSeconds) : null);

export function invoiceToPort(row: SandboxInvoiceRow, offsetSeconds: number): ProviderInvoice {
  return {
    id: row.id,
    customerId: row.customerId,
    subscriptionId: row.subscriptionId,
    status: row.status,
    billingReason: row.billingReason,
    amountDueCents: row.amountDueCents,
    amountPaidCents: row.amountPaidCents,
    currency: row.currency,
    periodStart: real(row.periodStart, offsetSeconds),
    periodEnd: real(row.periodEnd, offsetSeconds),
    attemptCount: row.attemptCount,
    nextPaymentAttemptAt: realOrNull(row.nextPaymentAttemptAt, offsetSeconds),
    lastFailureCode: row.lastFailureCode,
    paidAt: realOrNull(row.paidAt, offsetSeconds),
    createdAt: real(row.createdAt, offsetSeconds),
  };
}

export function subscriptionToPort(
  row: SandboxSubscriptionRow,
  latestInvoice: SandboxInvoiceRow | undefined,
  offsetSeconds: number,
): ProviderSubscription {
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status,
    metadata: row.metadata,
    plan: planOf(row.metadata),
    pendingPlan: row.pendingMetadata ? planOf(row.pendingMetadata) : null,
    amountCents: row.amountCents,
    currency: row.currency,
    currentPeriodStart: real(row.currentPeriodStart, offsetSeconds),
    currentPeriodEnd: real(row.currentPeriodEnd, offsetSeconds),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    pause:
      row.pauseStartsAt && row.pauseEndsAt
        ? { startsAt: real(row.pauseStartsAt, offsetSeconds), endsAt: real(row.pauseEndsAt, offsetSeconds) }
        : null,
    latestInvoice: latestInvoice ? invoiceToPort(latestInvoice, offsetSeconds) : null,
    createdAt: real(row.createdAt, offsetSeconds),
  };
}

export function sessionToPort(row: SandboxSessionRow, publicUrl: string): ProviderCheckoutSession {
  const page = row.mode === 'subscription' ? 'checkout' : 'pay';
  return {
    id: row.id,
    mode: row.mode,
    status: row.status,
    url: row.status === 'open' ? `${publicUrl}/sandbox/${page}/${row.id}` : null,
    customerId: row.customerId,
    subscriptionId: row.subscriptionId,
    metadata: withoutBranding(row.metadata),
  };
}

export function accountToPort(row: SandboxAccountRow): ProviderAccount {
  return {
    id: row.id,
    email: row.email,
    businessName: row.businessName,
    detailsSubmitted: row.detailsSubmitted,
    chargesEnabled: row.chargesEnabled,
    payoutsEnabled: row.payoutsEnabled,
    payoutSchedule: {
      interval: row.payoutInterval,
      weeklyAnchor: (row.payoutWeeklyAnchor as Weekday | null) ?? null,
      monthlyAnchor: row.payoutMonthlyAnchor,
    },
    metadata: row.metadata,
  };
}

/** The small Stripe-shaped objects carried by event payloads (the app re-reads the current object anyway). */
export const emitted = {
  subscription: (row: SandboxSubscriptionRow): EmittedObject => ({
    id: row.id,
    object: 'subscription',
    customer: row.customerId,
    status: row.status,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    pause_collection: row.pauseEndsAt
      ? { behavior: 'void', resumes_at: Math.floor(row.pauseEndsAt.getTime() / 1000) }
      : null,
    metadata: row.metadata,
  }),
  invoice: (row: SandboxInvoiceRow): EmittedObject => ({
    id: row.id,
    object: 'invoice',
    customer: row.customerId,
    subscription: row.subscriptionId,
    status: row.status,
    amount_due: row.amountDueCents,
    amount_paid: row.amountPaidCents,
    currency: row.currency,
    billing_reason: row.billingReason,
  }),
  session: (row: SandboxSessionRow): EmittedObject => ({
    id: row.id,
    object: 'checkout.session',
    mode: row.mode,
    status: row.status,
    customer: row.customerId,
    subscription: row.subscriptionId,
    metadata: withoutBranding(row.metadata),
  }),
  account: (row: SandboxAccountRow): EmittedObject => ({
    id: row.id,
    object: 'account',
    details_submitted: row.detailsSubmitted,
    charges_enabled: row.chargesEnabled,
    payouts_enabled: row.payoutsEnabled,
    metadata: row.metadata,
  }),
};
