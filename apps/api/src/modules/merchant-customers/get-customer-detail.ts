import { MERCHANT_CUSTOMER_HISTORY_MAX, type MerchantCustomerDetail, type RewardRule } from '@nest/contracts';
import { and, desc, eq, inArray, sql, sum } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  checkIns,
  customerEmails,
  nestCustomers,
  nestInvoices,
  nestLinks,
  nestSubscriptions,
  nestTransactions,
  offerPrices,
  offers,
  rewards,
  subscriptionEvents,
} from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../nests/find-nest.js';
import { pauseView } from '../subscriptions/pause-view.js';
import { priceOffer, subscriptionPrice } from '../subscriptions/subscription-offer.js';
import { unusedPeriods } from './unused-period.js';

const ongoing = new Set(['trialing', 'active', 'past_due', 'unpaid']);
const t = nestTransactions;
/** The outer ledger row's column, written out: drizzle leaves a column unqualified in a select of one table, where a subquery over the same table would read its own. */
const outer = (column: string) => sql.raw(`"nest_transactions"."${column}"`);

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * One customer as the nest's merchant sees them: their subscriptions here, invoices, verifications at
 * the counter and rewards. A customer with no subscription in this nest is not found, whoever they
 * are elsewhere (an identity is shared across nests; what they do at other nests is not).
 */
export async function getNestCustomerDetail(
  db: Tx,
  nestId: string,
  customerId: string,
): Promise<MerchantCustomerDetail> {
  if (!isUuid(customerId)) throw notFound();
  const subscriptions = await db
    .select({
      id: nestSubscriptions.id,
      offerId: offers.id,
      offerName: offers.name,
      status: nestSubscriptions.status,
      amountCents: offerPrices.amountCents,
      currency: offerPrices.currency,
      interval: offerPrices.interval,
      intervalCount: offerPrices.intervalCount,
      startedAt: nestSubscriptions.createdAt,
      currentPeriodEnd: nestSubscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: nestSubscriptions.cancelAtPeriodEnd,
      pauseStartsAt: nestSubscriptions.pauseStartsAt,
      pauseEndsAt: nestSubscriptions.pauseEndsAt,
      linkLabel: nestLinks.label,
    })
    .from(nestSubscriptions)
    .innerJoin(...subscriptionPrice)
    .innerJoin(...priceOffer)
    .leftJoin(nestLinks, and(eq(nestLinks.id, nestSubscriptions.linkId), eq(nestLinks.nestId, nestId)))
    .where(and(eq(nestSubscriptions.nestId, nestId), eq(nestSubscriptions.customerId, customerId)))
    .orderBy(desc(nestSubscriptions.createdAt), desc(nestSubscriptions.id));
  if (subscriptions.length === 0) throw notFound();

  const offerOf = new Map(subscriptions.map((s) => [s.id, s.offerName]));
  const [[customer], [paid], invoices, visits, earned, history, money, emails, unused] = await Promise.all([
    db
      .select({ id: nestCustomers.id, name: nestCustomers.name, email: nestCustomers.email })
      .from(nestCustomers)
      .where(eq(nestCustomers.id, customerId)),
    db
      .select({ cents: sum(nestTransactions.amountCents) })
      .from(nestTransactions)
      .where(
        and(
          eq(nestTransactions.nestId, nestId),
          eq(nestTransactions.customerId, customerId),
          // Net of refunds, as the table's "total paid" (ADR 135).
          inArray(nestTransactions.kind, ['payment', 'refund']),
          eq(nestTransactions.status, 'succeeded'),
        ),
      ),
    db
      .select()
      .from(nestInvoices)
      .where(and(eq(nestInvoices.nestId, nestId), eq(nestInvoices.customerId, customerId)))
      .orderBy(desc(nestInvoices.issuedAt), desc(nestInvoices.id))
      .limit(MERCHANT_CUSTOMER_HISTORY_MAX),
    db
      .select()
      .from(checkIns)
      .where(and(eq(checkIns.nestId, nestId), eq(checkIns.customerId, customerId)))
      .orderBy(desc(checkIns.checkedAt), desc(checkIns.id))
      .limit(MERCHANT_CUSTOMER_HISTORY_MAX),
    db
      .select({
        id: rewards.id,
        subscriptionId: rewards.subscriptionId,
        kind: rewards.kind,
        rule: rewards.rule,
        milestone: rewards.milestone,
        earnedAt: rewards.earnedAt,
        redeemedAt: rewards.redeemedAt,
      })
      .from(rewards)
      .innerJoin(nestSubscriptions, eq(nestSubscriptions.id, rewards.subscriptionId))
      .where(and(eq(rewards.nestId, nestId), eq(nestSubscriptions.customerId, customerId)))
      .orderBy(desc(rewards.earnedAt), desc(rewards.id))
      .limit(MERCHANT_CUSTOMER_HISTORY_MAX),
    db
      .select()
      .from(subscriptionEvents)
      .where(and(eq(subscriptionEvents.nestId, nestId), eq(subscriptionEvents.customerId, customerId)))
      .orderBy(desc(subscriptionEvents.occurredAt), desc(subscriptionEvents.id))
      .limit(MERCHANT_CUSTOMER_HISTORY_MAX),
    db
      .select({
        row: t,
        // A payment's refunds not failed: what is no longer refundable (ADR 121).
        refunded: sql<string>`case when ${t.kind} = 'payment' then coalesce((
          select sum(-r.amount_cents) from nest_transactions r
          where r.provider = ${outer('provider')} and r.provider_payment_id = ${outer('provider_payment_id')}
            and r.kind = 'refund' and r.status in ('succeeded', 'pending')
        ), 0) else 0 end`,
      })
      .from(t)
      .where(
        and(
          eq(t.nestId, nestId),
          eq(t.customerId, customerId),
          inArray(t.kind, ['payment', 'refund', 'dispute', 'dispute_reversal']),
        ),
      )
      .orderBy(desc(t.occurredAt), desc(t.id))
      .limit(MERCHANT_CUSTOMER_HISTORY_MAX),
    db
      .select()
      .from(customerEmails)
      .where(and(eq(customerEmails.nestId, nestId), eq(customerEmails.customerId, customerId)))
      .orderBy(desc(customerEmails.sentAt), desc(customerEmails.id))
      .limit(MERCHANT_CUSTOMER_HISTORY_MAX),
    unusedPeriods(
      db,
      nestId,
      subscriptions.filter((s) => ongoing.has(s.status)).map((s) => s.id),
    ),
  ]);
  if (!customer) throw notFound();

  return {
    id: customer.id,
    name: customer.name,
    email: customer.email,
    // A sum of integers comes back as a numeric string; cents stay integers.
    total_paid_cents: Number(paid?.cents ?? 0),
    subscriptions: subscriptions.map((s) => ({
      id: s.id,
      offer: { id: s.offerId, name: s.offerName },
      status: s.status,
      amount_cents: s.amountCents,
      currency: s.currency,
      interval: s.interval,
      interval_count: s.intervalCount,
      started_at: s.startedAt.toISOString(),
      current_period_end: iso(s.currentPeriodEnd),
      cancel_at_period_end: s.cancelAtPeriodEnd,
      pause: pauseView(s),
      link_label: s.linkLabel ?? null,
      unused_cents: unused.get(s.id)?.cents ?? null,
    })),
    invoices: invoices.map((invoice) => ({
      id: invoice.id,
      subscription_id: invoice.subscriptionId,
      offer_name: offerOf.get(invoice.subscriptionId) ?? '',
      status: invoice.status,
      billing_reason: invoice.billingReason,
      amount_due_cents: invoice.amountDueCents,
      amount_paid_cents: invoice.amountPaidCents,
      currency: invoice.currency,
      period_start: iso(invoice.periodStart),
      period_end: iso(invoice.periodEnd),
      attempt_count: invoice.attemptCount,
      last_failure_code: invoice.lastFailureCode,
      issued_at: invoice.issuedAt.toISOString(),
      paid_at: iso(invoice.paidAt),
    })),
    check_ins: visits.map((visit) => ({
      id: visit.id,
      subscription_id: visit.subscriptionId,
      result: visit.result,
      reason: visit.reason,
      checked_at: visit.checkedAt.toISOString(),
      undone_at: iso(visit.undoneAt),
    })),
    rewards: earned.map((reward) => ({
      id: reward.id,
      subscription_id: reward.subscriptionId,
      name: (reward.rule as RewardRule).reward_name,
      kind: reward.kind,
      milestone: reward.milestone,
      earned_at: reward.earnedAt.toISOString(),
      redeemed_at: iso(reward.redeemedAt),
    })),
    history: history.map((event) => ({
      id: event.id,
      subscription_id: event.subscriptionId,
      offer_name: event.subscriptionId ? (offerOf.get(event.subscriptionId) ?? null) : null,
      kind: event.kind,
      actor: event.actor,
      actor_merchant_id: event.actorMerchantId,
      occurred_at: event.occurredAt.toISOString(),
    })),
    payments: money.map(({ row, refunded }) => ({
      id: row.id,
      kind: row.kind as 'payment' | 'refund' | 'dispute' | 'dispute_reversal',
      status: row.status,
      subscription_id: row.subscriptionId,
      offer_name: row.subscriptionId ? (offerOf.get(row.subscriptionId) ?? null) : null,
      invoice_id: row.invoiceId,
      amount_cents: row.amountCents,
      currency: row.currency,
      refundable_cents:
        row.kind === 'payment' && row.status === 'succeeded' && row.providerPaymentId
          ? Math.max(0, row.amountCents - Number(refunded))
          : 0,
      initiated_by: row.initiatedBy,
      reason: row.reason,
      occurred_at: row.occurredAt.toISOString(),
    })),
    emails: emails.map((email) => ({ id: email.id, kind: email.kind, sent_at: email.sentAt.toISOString() })),
  };
}
