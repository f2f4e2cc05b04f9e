import type Stripe from 'stripe';
import { AppError } from '../../lib/errors.js';
import { refundedFeeCents } from '../application-fee.js';
import type {
  DisputeStatus,
  NestMoneyProvider,
  PayoutStatus,
  ProviderDispute,
  ProviderPayment,
  ProviderRefund,
  RefundStatus,
} from '../money.js';
import { call, retrieve, toAppError } from './map-error.js';

const date = (unix: number) => new Date(unix * 1000);
const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

function refundStatus(status: string | null): RefundStatus {
  switch (status) {
    case 'succeeded':
    case 'failed':
    case 'canceled':
      return status;
    default:
      return 'pending';
  }
}

function disputeStatus(status: Stripe.Dispute.Status): DisputeStatus {
  switch (status) {
    case 'won':
    case 'warning_closed':
    case 'prevented':
      return 'won';
    case 'lost':
      return 'lost';
    case 'under_review':
    case 'warning_under_review':
      return 'under_review';
    default:
      return 'needs_response';
  }
}

/** The processing fee Stripe took on a charge: the stripe_fee lines of its balance transaction (the application fee is ours). */
function processingFee(charge: Stripe.Charge | null): number | null {
  const bt = charge?.balance_transaction;
  if (!bt || typeof bt === 'string') return null;
  return bt.fee_details.filter((d) => d.type === 'stripe_fee').reduce((sum, d) => sum + d.amount, 0);
}

function toRefund(
  refund: Stripe.Refund,
  payment: { amount: number; fee: number },
  paymentId: string,
): ProviderRefund {
  return {
    id: refund.id,
    paymentId: idOf(refund.payment_intent) ?? paymentId,
    amountCents: refund.amount,
    applicationFeeRefundedCents: refundedFeeCents(payment.amount, payment.fee, refund.amount),
    currency: refund.currency,
    status: refundStatus(refund.status),
    reason: refund.reason ?? null,
    metadata: refund.metadata ?? {},
    createdAt: date(refund.created),
  };
}

/**
 * The ledger's calls on a connected account (Stripe-Account header). A customer payment is its
 * payment intent; its processing fee is read from the latest charge's balance transaction
 * (expand), its refunds from the charge; a payout's contents from the balance transactions it paid.
 */
export function stripeMoney(stripe: Stripe): NestMoneyProvider {
  async function paymentIntentId(accountId: string, ref: { id: string } | { invoiceId: string }) {
    const opts = { stripeAccount: accountId };
    if ('invoiceId' in ref) {
      const invoice = await retrieve(() =>
        stripe.invoices.retrieve(ref.invoiceId, { expand: ['payments'] }, opts),
      );
      const paid = invoice?.payments?.data.find((p) => p.status === 'paid');
      return { pi: idOf(paid?.payment.payment_intent), invoiceId: ref.invoiceId };
    }
    if (ref.id.startsWith('ch_') || ref.id.startsWith('py_')) {
      const charge = await retrieve(() => stripe.charges.retrieve(ref.id, {}, opts));
      return { pi: idOf(charge?.payment_intent), invoiceId: null };
    }
    if (ref.id.startsWith('re_')) {
      const refund = await retrieve(() => stripe.refunds.retrieve(ref.id, {}, opts));
      return { pi: idOf(refund?.payment_intent), invoiceId: null };
    }
    return { pi: ref.id, invoiceId: null };
  }

  return {
    async createNestRefund(accountId, input, { idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.paymentId,
            amount: input.amountCents,
            refund_application_fee: true,
            ...(input.reason ? { reason: input.reason } : {}),
            metadata: input.metadata,
          },
          { idempotencyKey, stripeAccount: accountId },
        );
        const intent = await stripe.paymentIntents.retrieve(
          input.paymentId,
          {},
          { stripeAccount: accountId },
        );
        return toRefund(
          refund,
          { amount: intent.amount_received, fee: intent.application_fee_amount ?? 0 },
          input.paymentId,
        );
      } catch (error) {
        const e = error as { type?: string; code?: string };
        if (e.code === 'amount_too_large' || e.code === 'charge_already_refunded') {
          throw new AppError('refund_exceeds_payment', { params: { left: '—' }, cause: error });
        }
        throw toAppError(error);
      }
    },

    async retrieveNestPayment(accountId, ref) {
      const opts = { stripeAccount: accountId };
      const { pi, invoiceId } = await paymentIntentId(accountId, ref);
      if (!pi) return null;
      const intent = await retrieve(() =>
        stripe.paymentIntents.retrieve(
          pi,
          { expand: ['latest_charge.balance_transaction', 'latest_charge.refunds'] },
          opts,
        ),
      );
      if (intent?.status !== 'succeeded') return null;
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      let invoice = invoiceId;
      if (!invoice) {
        const payments = await call(() =>
          stripe.invoicePayments.list(
            { payment: { type: 'payment_intent', payment_intent: pi }, limit: 1 },
            opts,
          ),
        );
        invoice = idOf(payments.data[0]?.invoice as string | { id: string } | undefined);
      }
      const fee = intent.application_fee_amount ?? 0;
      const payment: ProviderPayment = {
        id: intent.id,
        invoiceId: invoice,
        amountCents: intent.amount_received,
        currency: intent.currency,
        applicationFeeCents: fee,
        processingFeeCents: processingFee(charge),
        refunds: (charge?.refunds?.data ?? []).map((r) =>
          toRefund(r, { amount: intent.amount_received, fee }, intent.id),
        ),
        createdAt: date(intent.created),
      };
      return payment;
    },

    async retrieveNestPayout(accountId, payoutId) {
      const opts = { stripeAccount: accountId };
      const payout = await retrieve(() => stripe.payouts.retrieve(payoutId, {}, opts));
      if (!payout) return null;
      const settles: string[] = [];
      // The balance transactions the payout paid out, each with its source (charge, refund, dispute).
      for await (const bt of stripe.balanceTransactions.list(
        { payout: payoutId, limit: 100, expand: ['data.source'] },
        opts,
      )) {
        if (bt.type === 'payout' || !bt.source) continue;
        const source = bt.source as unknown as { id: string; object?: string; payment_intent?: unknown };
        if (typeof bt.source === 'string') settles.push(bt.source);
        else if (source.object === 'charge')
          settles.push(idOf(source.payment_intent as string | null) ?? source.id);
        else settles.push(source.id);
      }
      return {
        id: payout.id,
        amountCents: payout.amount,
        currency: payout.currency,
        status: payout.status as PayoutStatus,
        arrivalDate: date(payout.arrival_date),
        createdAt: date(payout.created),
        settles: settles.sort(),
      };
    },

    async retrieveNestDispute(accountId, disputeId) {
      const opts = { stripeAccount: accountId };
      const dispute = await retrieve(() => stripe.disputes.retrieve(disputeId, { expand: ['charge'] }, opts));
      if (!dispute) return null;
      const charge = typeof dispute.charge === 'object' ? dispute.charge : null;
      const paymentId = idOf(dispute.payment_intent) ?? idOf(charge?.payment_intent) ?? idOf(dispute.charge);
      if (!paymentId) return null;
      const result: ProviderDispute = {
        id: dispute.id,
        paymentId,
        amountCents: dispute.amount,
        currency: dispute.currency,
        status: disputeStatus(dispute.status),
        reason: dispute.reason ?? null,
        fundsReinstated: dispute.balance_transactions.some((bt) => bt.amount > 0),
        createdAt: date(dispute.created),
      };
      return result;
    },
  };
}
